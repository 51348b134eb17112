import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';

const t = (key: string, values?: Record<string, string>) => text('fr', key, values);

test('a student signs in, lands on the dashboard with the student chrome, and signs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: t('app.tagline') })).toBeVisible();

  await page
    .getByRole('banner')
    .getByRole('link', { name: t('chrome.login') })
    .click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel(t('auth.login.email')).fill('student@uni.skolar.test');
  await page.getByLabel(t('auth.login.password')).fill('Skolar#2026');
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expect(page).toHaveURL('/dashboard');

  // The page's own cookies: the same session the browser holds.
  const info = await (await page.request.get('/api/auth/info')).json();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: t('dashboard.greeting', { name: info.first_name }),
    }),
  ).toBeVisible();

  const roleMenu = page.getByRole('navigation', { name: t('chrome.roleMenu') });
  await expect(roleMenu.getByRole('link')).toHaveText([
    t('menu.trainings'),
    t('menu.seminars'),
    t('menu.evaluations'),
    t('menu.check-in'),
    t('menu.announcements'),
    t('menu.discussions'),
    t('menu.messages'),
  ]);
  await expect(
    page.getByRole('banner').getByRole('link', { name: t('chrome.calendar') }),
  ).toHaveCount(0);

  const stored = await page.evaluate(() => localStorage.getItem('user'));
  expect(JSON.parse(stored ?? 'null')).toEqual({ userId: info.id, role: 'student' });

  await page.getByRole('button', { name: t('chrome.userMenu', { name: info.first_name }) }).click();
  await page
    .getByRole('banner')
    .getByRole('menuitem', { name: t('userMenu.logout') })
    .click();
  await expect(page).toHaveURL('/login');
  await expect(
    page.getByRole('banner').getByRole('link', { name: t('chrome.calendar') }),
  ).toBeVisible();
});
