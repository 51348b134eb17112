import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string | number>) =>
  text('fr', key, values as Record<string, string>);
const EXAM = 'Contrôle continu : complexité';

/** The seconds the countdown shows (`m:ss`). */
async function secondsLeft(page: Page): Promise<number> {
  const shown = await page.locator('.exam-bar__clock strong').innerText();
  const [minutes, seconds] = shown.split(':').map(Number);
  return minutes! * 60 + seconds!;
}

const saveState = (page: Page) => page.locator('.exam-bar__state');

test('a student takes the open exam: answers survive a reload and a dropped connection, then hands in', async ({
  page,
  context,
}) => {
  await signInAs(page, 'student@uni.skolar.test');

  // The evaluations list shows the exam open today, and its page starts it.
  await page.goto('/list-evaluations');
  await page.getByRole('link', { name: EXAM }).first().click();
  await expect(page).toHaveURL(/\/evaluation-details\/\d+$/);
  await page.getByRole('button', { name: fr('exams.start.start') }).click();
  await expect(page).toHaveURL(/\/start-evaluation\/\d+\/\d+$/);
  const attemptId = page.url().split('/').at(-1);
  await expect(page.getByRole('heading', { level: 1, name: EXAM })).toBeVisible();

  // A choice and a short answer, saved as they change.
  const binary = page.getByRole('group', {
    name: /recherche dichotomique dans un tableau trié de n/,
  });
  await binary.getByLabel('O(log n)', { exact: true }).check();
  await page.getByLabel(/Combien de comparaisons/).fill('11');
  await expect(saveState(page)).toHaveText(fr('exams.run.state.saved'));
  const before = await secondsLeft(page);
  expect(before).toBeGreaterThan(60);

  // A reload resumes from the server: the answers are there and the time kept running.
  await page.reload();
  await expect(binary.getByLabel('O(log n)', { exact: true })).toBeChecked();
  await expect(page.getByLabel(/Combien de comparaisons/)).toHaveValue('11');
  const after = await secondsLeft(page);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(before - 120);

  // Offline: the answer is kept on the device and the page says so; back online, it is saved.
  await context.setOffline(true);
  await page.getByLabel(/deux boucles imbriquées/).fill('Pour chaque élément, on parcourt tout.');
  await expect(saveState(page)).toHaveText(fr('exams.run.state.offline'));
  await context.setOffline(false);
  await expect(saveState(page)).toHaveText(fr('exams.run.state.saved'), { timeout: 35_000 });
  const saved = (await (await page.request.get(`/api/attempts/${attemptId}`)).json()) as {
    answers: Array<{ value: { text?: string } }>;
  };
  expect(saved.answers.map((answer) => answer.value.text)).toContain(
    'Pour chaque élément, on parcourt tout.',
  );

  // Handing in, after confirming: the copy is closed and the answers can no longer change.
  await page.getByRole('button', { name: fr('exams.run.handIn') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: fr('confirm.confirm') })
    .click();
  await expect(page.getByText(fr('exams.run.handedIn'))).toBeVisible();
  await expect(page.getByLabel(/Combien de comparaisons/)).toBeDisabled();
});
