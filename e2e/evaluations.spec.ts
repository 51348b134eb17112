import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);

test('a teacher is told to adjust the percentages, live and by the server, then adds one that fits', async ({
  page,
}) => {
  await signInAs(page, 'teacher@uni.skolar.test');
  await page.goto('/evaluations');
  await expect(
    page.getByRole('heading', { level: 1, name: fr('evaluations.title') }),
  ).toBeVisible();
  await page.getByLabel(fr('evaluations.fields.subject')).selectOption({ label: 'Algorithmique' });
  await page.getByRole('link', { name: fr('evaluations.add') }).click();
  await expect(page).toHaveURL(/\/1\/evaluations\/add$/);

  // The demo's algorithm evaluations already use 100 % of "Algorithmique et programmation".
  await page.getByLabel(fr('evaluations.fields.title')).fill('Exposé de fin de module');
  await page.getByLabel(fr('evaluations.fields.type')).selectOption('project');
  await page.getByLabel(fr('evaluations.fields.date'), { exact: true }).fill('2030-01-10');
  await page.getByLabel(fr('evaluations.fields.deadline')).fill('2030-01-20T18:00');
  await page
    .getByLabel(fr('evaluations.fields.training'))
    .selectOption({ label: 'Algorithmique et programmation' });
  await page.getByLabel(fr('evaluations.fields.percentage')).fill('20');
  await expect(page.getByText(fr('evaluations.budgetOver', { used: '120' }))).toBeVisible();
  await page.getByRole('button', { name: fr('evaluations.save') }).click();
  await expect(page.getByText(fr('evaluations.validation.percentageSum'))).toBeVisible();
  await expect(page.getByLabel(fr('evaluations.fields.percentage'))).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  // The other training of the subject has room.
  await page
    .getByLabel(fr('evaluations.fields.training'))
    .selectOption({ label: 'Atelier Python pour débutants' });
  await expect(page.getByText(fr('evaluations.budget', { used: '20' }))).toBeVisible();
  await page.getByRole('button', { name: fr('evaluations.save') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Exposé de fin de module' }),
  ).toBeVisible();

  await page.goto('/evaluations?subject_id=1');
  await expect(
    page.getByRole('link', { name: 'Exposé de fin de module', exact: true }),
  ).toBeVisible();
});

for (const width of [1366, 360]) {
  test(`a student sees their evaluations with their statuses (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAs(page, 'student@uni.skolar.test');
    await page.goto('/list-evaluations');
    const list = page.getByRole('list', { name: fr('evaluations.mine') });
    // The demo's open exam is today; the project due in 72 hours is important; past ones are done.
    await expect(
      list.getByRole('listitem').filter({ hasText: 'Contrôle continu : complexité' }),
    ).toContainText(fr('evaluations.status.today'));
    await expect(
      list.getByRole('listitem').filter({ hasText: 'Partiel d’algorithmique' }),
    ).toContainText(fr('evaluations.status.completed'));
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);

    await page.getByLabel(fr('evaluations.fields.status')).selectOption('today');
    await expect(list.getByRole('listitem').first()).toContainText(fr('evaluations.status.today'));
    await list.getByRole('link', { name: 'Contrôle continu : complexité' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Contrôle continu : complexité' }),
    ).toBeVisible();
    await expect(page.getByText(/Ferme dans/)).toBeVisible();
  });
}
