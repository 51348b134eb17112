import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// The texts the app shows by default (French), from its own catalogue: copy edits do not break this.
const fr = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/i18n/fr.json'), 'utf8'),
);
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{\s*(\w+)\s*}}/g, (_, key: string) => values[key] ?? '');

test('a student signs in, lands on the dashboard with the student chrome, and signs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: fr.app.tagline })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: fr.chrome.login }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel(fr.auth.login.email).fill('student@uni.skolar.test');
  await page.getByLabel(fr.auth.login.password).fill('Skolar#2026');
  await page.getByRole('button', { name: fr.auth.login.submit }).click();
  await expect(page).toHaveURL('/dashboard');

  // The page's own cookies: the same session the browser holds.
  const info = await (await page.request.get('/api/auth/info')).json();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: fill(fr.dashboard.greeting, { name: info.first_name }),
    }),
  ).toBeVisible();

  const roleMenu = page.getByRole('navigation', { name: fr.chrome.roleMenu });
  await expect(roleMenu.getByRole('link')).toHaveText([
    fr.menu.trainings,
    fr.menu.seminars,
    fr.menu.evaluations,
  ]);
  await expect(
    page.getByRole('banner').getByRole('link', { name: fr.chrome.calendar }),
  ).toHaveCount(0);

  const stored = await page.evaluate(() => localStorage.getItem('user'));
  expect(JSON.parse(stored ?? 'null')).toEqual({ userId: info.id, role: 'student' });

  await page
    .getByRole('button', { name: fill(fr.chrome.userMenu, { name: info.first_name }) })
    .click();
  await page.getByRole('button', { name: fr.userMenu.logout }).click();
  await expect(page).toHaveURL('/login');
  await expect(
    page.getByRole('banner').getByRole('link', { name: fr.chrome.calendar }),
  ).toBeVisible();
});
