import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const t = (key: string, values?: Record<string, string>) => text('fr', key, values);
const ADMIN = 'admin@uni.skolar.test';
const OTHER_ADMIN = 'admin@school.skolar.test';

// Decision 132: an admin reads their institution's audit log, filters it and exports it.
test("an admin opens the audit log, filters the sign-ins and exports them, without another institution's rows", async ({
  page,
  request,
}) => {
  // Someone fails to sign in as our admin (no cookie yet), then another institution's admin signs in.
  const failed = await request.post('/api/auth/login', {
    data: { email: ADMIN, password: 'wrong-Password-1' },
  });
  expect(failed.status(), await failed.text()).toBe(401);
  const other = await request.post('/api/auth/login', {
    data: { email: OTHER_ADMIN, password: 'Skolar#2026' },
  });
  expect(other.status()).toBe(200);

  await signInAs(page, ADMIN);
  await page
    .getByRole('link', { name: t('menu.audit') })
    .first()
    .click();
  await expect(page).toHaveURL('/audit');
  await expect(page.getByRole('heading', { name: t('audit.title') })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByText(ADMIN).first()).toBeVisible();
  await expect(page.getByText(OTHER_ADMIN)).toHaveCount(0);

  // Only the failed sign-ins: the wrong password on our admin's account, by nobody signed in.
  await page.getByLabel(t('audit.filters.action')).selectOption('auth.login_failed');
  await expect(page).toHaveURL(/action=auth\.login_failed/);
  await expect(table.getByText(t('audit.actions.auth_login_failed')).first()).toBeVisible();
  await expect(table.getByText(t('audit.actions.auth_login'), { exact: true })).toHaveCount(0);
  await expect(table.getByText(t('audit.guest')).first()).toBeVisible();

  // The sign-ins, exported: every row of the filter, none of the other institution.
  await page.getByLabel(t('audit.filters.action')).selectOption('auth.login');
  await expect(table.getByText(ADMIN).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('manage.export.csv') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('audit.csv');
  const exported = readFileSync(await download.path(), 'utf8');
  const lines = exported.split(/\r?\n/).filter((line) => line.trim());
  expect(lines[0]).toContain(t('audit.fields.actor'));
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.includes('"auth.login"'))).toBe(true);
  expect(exported).toContain(ADMIN);
  expect(exported).not.toContain(OTHER_ADMIN);

  // Screenshots for review (set AUDIT_SCREENSHOTS to a folder): 360 px and 1280 px, both themes.
  const folder = process.env.AUDIT_SCREENSHOTS;
  if (folder) {
    await page.getByLabel(t('audit.filters.action')).selectOption('');
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        await expect(table.getByText(ADMIN).first()).toBeVisible();
        await page.screenshot({ path: `${folder}/audit-${width}-${theme}.png`, fullPage: true });
      }
    }
  }
});
