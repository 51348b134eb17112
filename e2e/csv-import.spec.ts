import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const t = (key: string, values?: Record<string, string>) => text('fr', key, values);
const fixture = readFileSync(
  path.join(import.meta.dirname, 'fixtures/students-bad-line.csv'),
  'utf8',
);

test('an admin imports students from a CSV: a bad line is reported, the fixed file is imported', async ({
  page,
}) => {
  // Three imports and a step-up: more than the default time on a loaded machine.
  test.slow();
  await signInAs(page, 'admin@uni.skolar.test');
  // The fixture names its promotion PROMO: fill in a demo promotion's name.
  const promotions = await (await page.request.get('/api/promotions?per_page=100')).json();
  const promotion = promotions.data[0] as { name: string; nb_students: number; id: number };
  const withBadLine = path.join(os.tmpdir(), 'skolar-students.csv');
  writeFileSync(withBadLine, fixture.replaceAll('PROMO', promotion.name));

  await page.goto('/students');
  await page.getByRole('button', { name: t('imports.action') }).click();
  const panel = page.getByRole('region', { name: t('imports.title.student') });
  await panel.getByLabel(t('imports.file')).setInputFiles(withBadLine);
  await expect(panel.getByLabel(t('imports.fields.email'))).toHaveValue('E-mail');
  await expect(panel.getByLabel(t('imports.fields.promotion'))).toHaveValue('Promotion');
  await expect(panel.getByRole('cell', { name: 'noor.haddad@example.test' })).toBeVisible();

  await panel.getByRole('button', { name: t('imports.check') }).click();
  await expect(panel.getByText(t('imports.counts.error', { count: '1' }))).toBeVisible();
  await expect(panel.getByText(t('imports.counts.create', { count: '2' }))).toBeVisible();
  const badRow = panel.getByRole('row').filter({ hasText: 'not-an-email' });
  await expect(badRow).toContainText('3');
  await expect(badRow).toContainText(t('imports.action_error'));
  await expect(badRow.locator('.field__error')).toHaveCount(1);
  await expect(
    panel.getByRole('button', { name: t('imports.run', { count: '2' }) }),
  ).toBeDisabled();

  // The same file without its bad line goes through, in one transaction.
  const fixed = path.join(os.tmpdir(), 'skolar-students-fixed.csv');
  writeFileSync(
    fixed,
    fixture
      .replaceAll('PROMO', promotion.name)
      .split('\n')
      .filter((line) => !line.includes('not-an-email'))
      .join('\n'),
  );
  await panel.getByLabel(t('imports.file')).setInputFiles(fixed);
  await panel.getByRole('button', { name: t('imports.check') }).click();
  await expect(panel.getByText(t('imports.counts.error', { count: '0' }))).toBeVisible();
  await panel.getByRole('button', { name: t('imports.run', { count: '2' }) }).click();
  await expect(
    page.getByText(t('imports.done', { created: '2', updated: '0', invited: '2' })),
  ).toBeVisible();
  await expect(panel.getByText('skolar-students-fixed.csv')).toBeVisible();

  // The same lines again update the two people: the import asks for the password first.
  const again = path.join(os.tmpdir(), 'skolar-students-again.csv');
  writeFileSync(again, readFileSync(fixed, 'utf8'));
  await panel.getByLabel(t('imports.file')).setInputFiles(again);
  await panel.getByRole('button', { name: t('imports.check') }).click();
  await expect(
    panel.getByText(t('imports.counts.update', { count: '2' }), { exact: true }),
  ).toBeVisible();
  await panel.getByRole('button', { name: t('imports.run', { count: '2' }) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('stepUp.password'), { exact: true }).fill('Skolar#2026');
  await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
  await expect(
    page.getByText(t('imports.done', { created: '0', updated: '2', invited: '0' })),
  ).toBeVisible();

  await page.getByLabel(t('table.search')).first().fill('Haddad');
  await expect(page.getByRole('link', { name: 'Noor Haddad', exact: true })).toBeVisible();
  const after = await (await page.request.get(`/api/promotions/${promotion.id}`)).json();
  expect(after.nb_students).toBe(promotion.nb_students + 2);

  // The list exports what it shows (the current search, once applied) as CSV.
  await expect(page).toHaveURL(/[?&]q=Haddad/);
  await expect(page.getByRole('link', { name: 'Yanis Belkacem', exact: true })).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('manage.export.csv') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('students.csv');
  const exported = readFileSync(await download.path(), 'utf8');
  const lines = exported.split(/\r?\n/).filter((line) => line.trim());
  // The header, then the two Haddads (the imported one and the demo's).
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((line) => line.startsWith('"Haddad",'))).toBe(true);
});
