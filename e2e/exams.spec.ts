import AxeBuilder from '@axe-core/playwright';
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
  await page
    .getByRole('alertdialog', { name: fr('exams.start.confirm.title') })
    .getByRole('button', { name: fr('exams.start.confirm.go') })
    .click();
  await expect(page).toHaveURL(/\/start-evaluation\/\d+\/\d+$/);
  const attemptId = page.url().split('/').at(-1);
  await expect(page.getByRole('heading', { level: 1, name: EXAM })).toBeVisible();

  // A choice and a number, saved as they change.
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

/** Serious or critical axe violations of the page as it stands. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A classmate of "Groupe TD B" (not the group the grading journey grades), who has not sat the
 * quiz in a fresh demo.
 */
const PHONE_STUDENT = 'gabriel.chevalier@uni.skolar.test';

test('on a 360 px phone: the start is confirmed, the countdown stays in view, and a hand-in made offline goes out once back online', async ({
  page,
  context,
}) => {
  // A longer journey than most, and the hand-in may wait for a retry once back online.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, PHONE_STUDENT);
  await page.goto('/list-evaluations');
  await page.getByRole('link', { name: EXAM }).first().click();
  await expect(page).toHaveURL(/\/evaluation-details\/\d+$/);
  const evaluationId = page.url().split('/').at(-1);

  // The start asks first, and says what the single timed attempt is; cancel starts nothing.
  const start = page.getByRole('button', { name: fr('exams.start.start') });
  await start.click();
  const dialog = page.getByRole('alertdialog', { name: fr('exams.start.confirm.title') });
  await expect(dialog).toContainText(fr('exams.start.confirm.duration_other', { count: 90 }));
  await expect(dialog).toContainText(fr('exams.start.confirm.timeUp'));
  await expect(dialog).toContainText(fr('exams.start.confirm.once'));
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: fr('confirm.cancel') }).click();
  await expect(dialog).toBeHidden();
  const mine = await (await page.request.get(`/api/me/evaluations/${evaluationId}`)).json();
  expect(mine.attempt).toBeNull();

  // From the keyboard: Enter opens it, Tab from "Cancel" reaches the start, Enter starts.
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: fr('confirm.cancel') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: fr('exams.start.confirm.go') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/start-evaluation\/\d+\/\d+$/);
  const attemptId = page.url().split('/').at(-1);

  // Scrolled down to the end of the last question, the countdown and the hand-in are still in
  // view, below the app's top bar and not under it.
  const bar = page.locator('.exam-bar');
  await expect(bar).toBeVisible();
  await page
    .locator('.exam-question')
    .last()
    .evaluate((question) => question.scrollIntoView({ block: 'end' }));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(bar).toBeInViewport({ ratio: 1 });
  const topBar = (await page.locator('header.topbar').boundingBox())!;
  const stuck = (await bar.boundingBox())!;
  expect(stuck.y).toBeGreaterThanOrEqual(topBar.y + topBar.height - 0.5);
  expect(stuck.y).toBeLessThan(topBar.y + topBar.height + 2);
  // What is drawn at the clock and at the button is the bar itself, not the top bar.
  for (const target of [page.locator('.exam-bar__clock strong'), bar.getByRole('button')]) {
    const box = (await target.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.exam-bar') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(true);
  }
  expect(await axeViolations(page)).toEqual([]);

  // An answer, then the hand-in with the connection down: the page says it waits, and sends it
  // once the connection is back.
  await page.getByLabel(/Combien de comparaisons/).fill('10');
  await expect(saveState(page)).toHaveText(fr('exams.run.state.saved'));
  await context.setOffline(true);
  await page.getByLabel(/Comment appelle-t-on la notation/).fill('grand O');
  await bar.getByRole('button', { name: fr('exams.run.handIn') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: fr('confirm.confirm') })
    .click();
  await expect(saveState(page)).toHaveText(fr('exams.run.state.handInOffline'));
  await expect(page.getByLabel(/Combien de comparaisons/)).toBeDisabled();
  await expect(bar).toBeInViewport();
  await context.setOffline(false);
  await expect(page.getByText(fr('exams.run.handedIn'))).toBeVisible({ timeout: 35_000 });
  const closed = (await (await page.request.get(`/api/attempts/${attemptId}`)).json()) as {
    finished_at: string | null;
    finished_by: string | null;
    answers: Array<{ value: { text?: string } }>;
  };
  expect(closed.finished_by).toBe('student');
  expect(closed.answers.map((answer) => answer.value.text)).toEqual(
    expect.arrayContaining(['10', 'grand O']),
  );

  // The evaluation's page now says it awaits its grade, without a countdown.
  await page.goto(`/evaluation-details/${evaluationId}`);
  await expect(page.getByText(fr('evaluations.status.awaiting')).first()).toBeVisible();
  await expect(page.getByText(fr('evaluations.result.awaiting'))).toBeVisible();
  await expect(page.getByText(/Ferme dans/)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
