import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const t = (key: string, values?: Record<string, string>) => text('fr', key, values);

test('an admin sets up a promotion, a training and its students, and archives a training', async ({
  page,
}) => {
  await signInAs(page, 'admin@uni.skolar.test');

  // A promotion of the Licence Informatique.
  await page.goto('/promotions');
  await expect(page.getByRole('heading', { level: 1, name: t('promotions.title') })).toBeVisible();
  await page.getByRole('link', { name: t('promotions.add') }).click();
  await expect(page).toHaveURL(/\/\d+\/promotions\/add$/);
  await page
    .getByLabel(t('cohorts.fields.program'))
    .selectOption({ label: 'Licence Informatique' });
  await page.getByLabel(t('cohorts.fields.name')).fill('L1 Informatique E2E');
  await page.getByLabel(t('cohorts.fields.academicYear')).fill('2027-2029');
  await page.getByLabel(t('cohorts.fields.level')).selectOption('L1');
  await page.getByRole('button', { name: t('cohorts.save') }).click();
  await expect(page.getByText(t('cohorts.validation.academic_year'))).toBeVisible();
  await page.getByLabel(t('cohorts.fields.academicYear')).fill('2027-2028');
  await page.getByRole('button', { name: t('cohorts.save') }).click();
  await expect(page).toHaveURL(/\/\d+\/promotions\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'L1 Informatique E2E' })).toBeVisible();
  const promotionUrl = page.url();

  // A private training, then made public.
  await page.getByRole('link', { name: t('trainings.add') }).click();
  await page.getByLabel(t('cohorts.fields.title')).fill('Découverte E2E');
  await page.getByLabel(t('cohorts.fields.totalHours')).fill('24');
  await expect(page.getByLabel(t('cohorts.fields.visibility'))).toHaveValue('private');
  await page.getByRole('button', { name: t('cohorts.save') }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Découverte E2E' })).toBeVisible();
  await expect(page.getByText(t('trainings.visibility.private')).first()).toBeVisible();
  const trainingUrl = page.url();
  const trainingId = Number(trainingUrl.split('/').pop());

  await page.getByRole('link', { name: t('cohorts.edit'), exact: true }).click();
  await page.getByLabel(t('cohorts.fields.visibility')).selectOption('public');
  await page.getByRole('button', { name: t('cohorts.save') }).click();
  await expect(page).toHaveURL(trainingUrl);
  await expect(page.getByText(t('trainings.visibility.public')).first()).toBeVisible();
  const stored = await (await page.request.get(`/api/trainings/${trainingId}`)).json();
  expect(stored).toMatchObject({ visibility: 'public', archived_at: null });

  // Public now: it appears in the public catalogue.
  await page.goto('/public-formations');
  await expect(page.getByRole('heading', { name: /Découverte E2E/ }).first()).toBeVisible();

  // Students added to the promotion.
  await page.goto(promotionUrl);
  await page.getByRole('link', { name: t('promotions.manageStudents') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: t('promotions.manageStudents') }),
  ).toBeVisible();
  await expect(page.getByText(t('students.empty'))).toBeVisible();
  const picker = page.getByRole('group', { name: t('promotions.addStudents') });
  const first = picker.getByRole('checkbox').first();
  const second = picker.getByRole('checkbox').nth(1);
  await first.check();
  await second.check();
  await page.getByRole('button', { name: t('cohorts.assignSelected', { count: '2' }) }).click();
  await expect(page.getByText(t('cohorts.assigned'))).toBeVisible();
  const assigned = page.getByRole('region', { name: t('students.title') });
  await expect(assigned.getByRole('listitem')).toHaveCount(2);
  await page.goto(promotionUrl);
  await expect(page.locator('.cohort-facts').getByText('2', { exact: true })).toBeVisible();

  // Archiving the training asks for confirmation first.
  await page.goto(trainingUrl);
  await page
    .getByRole('button', { name: t('cohorts.archiveOf', { name: 'Découverte E2E' }) })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(t('confirm.archive'))).toBeVisible();
  await dialog.getByRole('button', { name: t('confirm.cancel') }).click();
  await expect(page.getByText(t('cohorts.archivedBadge'), { exact: true })).toHaveCount(0);
  await page
    .getByRole('button', { name: t('cohorts.archiveOf', { name: 'Découverte E2E' }) })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('confirm.confirm') })
    .click();
  await expect(page.getByText(t('cohorts.archivedBadge'), { exact: true })).toBeVisible();
  const archived = await (await page.request.get(`/api/trainings/${trainingId}`)).json();
  expect(archived.archived_at).not.toBeNull();

  // Archived: the public catalogue no longer offers it.
  await page.goto('/public-formations');
  await expect(page.getByRole('heading', { name: /Découverte E2E/ })).toHaveCount(0);

  // The super-admin's screens stay closed: silently sent to /, which forwards a signed-in user
  // to their dashboard.
  await page.goto('/institutions');
  await expect(page).toHaveURL(/\/(dashboard)?$/);
  await expect(page.getByRole('heading', { level: 1, name: t('menu.institutions') })).toHaveCount(
    0,
  );
});

test('an admin edits a student only after confirming their password (step-up)', async ({
  page,
}) => {
  await signInAs(page, 'admin@uni.skolar.test');
  await page.goto('/students?q=Chevalier');
  await page.getByRole('link', { name: 'Gabriel Chevalier', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gabriel Chevalier' })).toBeVisible();
  await page.getByRole('button', { name: t('cohorts.edit'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('stepUp.title') });
  await dialog.getByLabel(t('stepUp.password')).fill('wrong-password');
  await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
  await expect(dialog.locator('.field__error')).toBeVisible();
  await dialog.getByLabel(t('stepUp.password')).fill('Skolar#2026');
  await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
  await expect(page).toHaveURL(/\/students\/edit\/\d+\/[\w-]+$/);
  await expect(page.getByLabel(t('cohorts.fields.firstName'))).toHaveValue('Gabriel');
  await page.getByLabel(t('cohorts.fields.firstName')).fill('Gabrielle');
  await page.getByRole('button', { name: t('cohorts.save') }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gabrielle Chevalier' })).toBeVisible();
});

test("an admin ends a student's sessions after confirming and the password, without archiving them", async ({
  page,
  browser,
}) => {
  const student = await (await browser.newContext()).newPage();
  await signInAs(student, 'student@uni.skolar.test');
  await signInAs(page, 'admin@uni.skolar.test');
  const found = await (await page.request.get('/api/students?q=student%40uni.skolar.test')).json();
  const { id } = found.data[0] as { id: number };
  await page.goto(`/students/${id}`);

  await page.getByRole('button', { name: t('endSessions.button') }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(t('endSessions.question'));
  await confirm.getByRole('button', { name: t('endSessions.confirm') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('endSessions.stepUp'));
  await dialog.getByLabel(t('stepUp.password'), { exact: true }).fill('Skolar#2026');
  await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
  await expect(page.getByText(/^\d+ sessions? fermées?\.$/)).toBeVisible();

  // The student is signed out everywhere, but still active: they sign in again.
  await student.goto('/settings');
  await expect(student).toHaveURL(/\/login\?error_message=/);
  await expect(page.getByText(t('cohorts.active'))).toBeVisible();
  await signInAs(student, 'student@uni.skolar.test');
  await student.context().close();
});
