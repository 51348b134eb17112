import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';

const t = (key: string, values?: Record<string, string>) => text('fr', key, values);
const PASSWORD = 'Skolar#2026';
const LOGO = path.resolve(import.meta.dirname, 'fixtures/logo.png');

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(t('auth.login.email')).fill(email);
  await page.getByLabel(t('auth.login.password')).fill(PASSWORD);
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expect(page).toHaveURL('/dashboard');
}

test('a super-admin onboards an institution with its colour, logo, program and first admin, and edits a user after step-up', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const institutionName = `Institut Boréal ${suffix}`;
  const programName = `Licence Océanographie ${suffix}`;
  const adminEmail = `admin.${suffix}@boreal.example.test`;

  await signIn(page, 'superadmin@skolar.test');

  // A program, platform-wide.
  await page.goto('/programs/add');
  await page.getByLabel(t('programs.fields.name'), { exact: true }).fill(programName);
  await page.getByLabel(t('programs.fields.sector')).fill('Sciences de la mer');
  await page.getByLabel(t('programs.fields.levels')).fill('L1\nL2\nL3');
  await page.getByRole('button', { name: t('manage.create') }).click();
  await expect(page).toHaveURL('/programs');
  await expect(page.getByRole('cell', { name: programName, exact: true })).toBeVisible();

  // The institution, with a bad colour first: the field says why.
  await page.goto('/institutions');
  await page.getByRole('link', { name: t('institutions.add') }).click();
  await expect(page).toHaveURL('/institutions/add');
  await page.getByLabel(t('institutions.fields.name'), { exact: true }).fill(institutionName);
  await page.getByLabel(t('institutions.fields.diminutive')).fill('IB');
  await page.getByLabel(t('institutions.fields.kind')).selectOption('university');
  await page.getByLabel(t('institutions.fields.color_code'), { exact: true }).fill('#7A1F5');
  await page.getByLabel(t('institutions.fields.url')).fill('https://boreal.example.test');
  await page.getByLabel(t('institutions.fields.email')).fill('contact@boreal.example.test');
  await page.getByLabel(t('institutions.fields.phone'), { exact: true }).fill('01 02 03 04 05');
  await page.getByLabel(t('institutions.fields.address')).fill('1 quai Nord, Brest');
  await page.getByLabel(t('institutions.fields.levels')).fill('L1\nL2\nL3\nM1\nM2');
  await page.getByRole('button', { name: t('manage.create') }).click();
  await expect(page.getByText(t('manage.validation.colour'))).toBeVisible();
  await expect(page).toHaveURL('/institutions/add');

  await page.getByLabel(t('institutions.fields.color_code'), { exact: true }).fill('#7A1F5C');
  await page.locator('input[type="file"]').setInputFiles(LOGO);
  await expect(page.getByRole('img', { name: t('institutions.fields.logoPreview') })).toBeVisible();
  await page.getByRole('button', { name: t('manage.create') }).click();
  await expect(page).toHaveURL(/\/institutions\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: institutionName })).toBeVisible();
  await expect(page.getByText('#7A1F5C')).toBeVisible();
  await expect(page.getByRole('link', { name: '+33 1 02 03 04 05' })).toBeVisible();
  const logo = page.getByRole('img', { name: t('institutions.logoOf', { name: institutionName }) });
  await expect(logo).toBeVisible();
  const logoUrl = await logo.getAttribute('src');
  expect(logoUrl).toMatch(/^\/api\/files\/\d+$/);
  const served = await page.request.get(logoUrl!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  const institutionId = page.url().split('/').pop()!;

  // The program assigned to the institution.
  await page
    .getByRole('main')
    .getByRole('link', { name: t('institutions.programs') })
    .click();
  await expect(page).toHaveURL(`/institution-program/${institutionId}`);
  await page.getByLabel(t('table.search')).fill(programName);
  const programRow = page.getByRole('row', { name: new RegExp(programName) });
  await programRow.getByRole('button', { name: t('manage.relation.assign') }).click();
  await expect(programRow.getByText(t('manage.relation.isAssigned'))).toBeVisible();

  // Its first admin, invited by e-mail.
  await page.goto('/users/add');
  await page.getByLabel(t('users.fields.first_name'), { exact: true }).fill('Maël');
  await page.getByLabel(t('users.fields.last_name'), { exact: true }).fill('Kerjean');
  await page.getByLabel(t('users.fields.email'), { exact: true }).fill(adminEmail);
  await page.getByLabel(t('users.fields.role'), { exact: true }).selectOption('admin');
  await page
    .getByLabel(t('users.fields.institution'), { exact: true })
    .selectOption({ label: institutionName });
  await page.getByRole('button', { name: t('users.createAndInvite') }).click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maël Kerjean' })).toBeVisible();
  await expect(page.getByText(institutionName)).toBeVisible();
  await expect(page.getByText(t('users.invitationPending'))).toBeVisible();
  const userId = page.url().split('/').pop()!;

  // A forged edit link shows no form: the password was never confirmed.
  await page.goto(`/users/edit/${userId}/forged-token`);
  await expect(page.getByText(t('manage.stepUpExpired'))).toBeVisible();
  await expect(page.getByLabel(t('users.fields.first_name'), { exact: true })).toHaveCount(0);
  // And the API refuses the change even when the request is made by hand.
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const forged = await page.request.patch(`/api/users/${userId}`, {
    headers: { 'x-confirm-token': 'forged-token', 'x-xsrf-token': xsrf, 'accept-language': 'fr' },
    data: {
      first_name: 'Forged',
      last_name: 'Kerjean',
      email: adminEmail,
      role: 'admin',
      institution_id: Number(institutionId),
    },
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).message).toBe(
    'Confirmez votre mot de passe pour faire cette modification.',
  );

  // Edit only after confirming their own password (step-up).
  await page.goto(`/users/${userId}`);
  await page.getByRole('button', { name: t('manage.edit') }).click();
  const dialog = page.getByRole('dialog', { name: t('stepUp.title') });
  await dialog.getByLabel(t('stepUp.password')).fill('not-my-password');
  await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
  await expect(dialog.getByText('Mot de passe incorrect.')).toBeVisible();
  await dialog.getByLabel(t('stepUp.password')).fill(PASSWORD);
  await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
  await expect(page).toHaveURL(new RegExp(`/users/edit/${userId}/[^/]+$`));
  await page.getByLabel(t('users.fields.first_name'), { exact: true }).fill('Maëlle');
  await page.getByRole('button', { name: t('manage.save') }).click();
  await expect(page).toHaveURL(`/users/${userId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maëlle Kerjean' })).toBeVisible();

  // The list shows the new institution with its admin counted.
  await page.goto(`/institutions?q=${encodeURIComponent(suffix)}`);
  const row = page.getByRole('row', { name: new RegExp(institutionName) });
  await expect(row.getByRole('cell', { name: '1', exact: true }).first()).toBeVisible();
});
