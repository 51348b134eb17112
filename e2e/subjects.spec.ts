import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const t = (key: string, values?: Record<string, string>) => text('fr', key, values);

test('a super-teacher creates a subject, is told a coefficient of 0 is refused, and staffs it', async ({
  page,
}) => {
  await signInAs(page, 'superteacher@uni.skolar.test');
  await page.goto('/subjects');
  await expect(page.getByRole('heading', { level: 1, name: t('subjects.title') })).toBeVisible();
  await page.getByRole('link', { name: t('subjects.add') }).click();
  await expect(page).toHaveURL('/subjects/add');

  await page.getByLabel(t('subjects.fields.name')).fill('Cryptographie E2E');
  await page.getByLabel(t('subjects.fields.coefficient')).fill('0');
  await page.getByLabel(t('subjects.fields.hourly_volume')).fill('-2');
  await page.getByRole('button', { name: t('manage.create') }).click();
  await expect(page.getByText(t('subjects.validation.coefficient'))).toBeVisible();
  await expect(page.getByText(t('subjects.validation.hourlyVolume'))).toBeVisible();

  await page.getByLabel(t('subjects.fields.coefficient')).fill('1,5');
  await page.getByLabel(t('subjects.fields.hourly_volume')).fill('18');
  await page.getByRole('button', { name: t('manage.create') }).click();
  await expect(page).toHaveURL(/\/subjects\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cryptographie E2E' })).toBeVisible();
  const subjectId = Number(page.url().split('/').pop());
  expect(await (await page.request.get(`/api/subjects/${subjectId}`)).json()).toMatchObject({
    coefficient: 1.5,
    hourly_volume: 18,
  });

  // Staffed with teacher@uni (named by e-mail: another journey renames them), who now finds it
  // among their subjects.
  const picker = page.getByRole('group', { name: t('subjects.addTeachers') });
  await picker.getByRole('checkbox', { name: / teacher@uni\.skolar\.test$/ }).check();
  await page.getByRole('button', { name: t('cohorts.assignSelected', { count: '1' }) }).click();
  await expect(page.getByRole('button', { name: /^Dissocier .*Lefèvre$/ })).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, 'teacher@uni.skolar.test');
  await page.goto('/subjects');
  await expect(page.getByRole('link', { name: 'Cryptographie E2E', exact: true })).toHaveAttribute(
    'href',
    `/subjects/${subjectId}`,
  );
  await expect(page.getByRole('link', { name: t('subjects.add') })).toHaveCount(0);
});

test('a teacher edits one field of a subject they teach and follows its lessons and groups', async ({
  page,
}) => {
  await signInAs(page, 'teacher@uni.skolar.test');
  await page.goto('/subjects');
  await page.getByRole('link', { name: 'Algorithmique', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Algorithmique' })).toBeVisible();
  const subjectId = Number(page.url().split('/').pop());
  const detail = await (await page.request.get(`/api/subjects/${subjectId}`)).json();
  const moduleId = detail.modules[0].id;
  const firstLesson = detail.lessons[0];
  await expect(page.getByRole('link', { name: firstLesson.title })).toHaveAttribute(
    'href',
    `/${moduleId}/${subjectId}/lessons/${firstLesson.id}`,
  );
  await expect(page.getByRole('link', { name: t('subjects.addLesson') })).toHaveAttribute(
    'href',
    `/${moduleId}/${subjectId}/lessons/add`,
  );

  await page.getByRole('link', { name: t('manage.edit'), exact: true }).click();
  await page.getByLabel(t('subjects.fields.hourly_volume')).fill('50');
  await page.getByRole('button', { name: t('manage.save') }).click();
  await expect(page).toHaveURL(`/subjects/${subjectId}`);
  // Hours read as French writes them (lib/format.ts): "50 h".
  await expect(page.getByText('50 h', { exact: true })).toBeVisible();
  const after = await (await page.request.get(`/api/subjects/${subjectId}`)).json();
  expect(after).toMatchObject({
    name: detail.name,
    coefficient: detail.coefficient,
    hourly_volume: 50,
  });

  // The teacher's group lists its students and links its subjects to their pages.
  await page.goto('/groups');
  await page.getByRole('link', { name: 'Groupe TD A' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Groupe TD A' })).toBeVisible();
  await page.getByRole('link', { name: 'Algorithmique' }).click();
  await expect(page).toHaveURL(`/subjects/${subjectId}`);
});
