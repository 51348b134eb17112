import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string | number>) =>
  text('fr', key, values as Record<string, string>);
const TEACHER = 'teacher@uni.skolar.test';
/** A student of the demo's "Groupe TD A", marked absent in this journey. */
const ABSENT = {
  /** As the grid names students: last name first. */
  listed: 'Robert Nathan',
  name: 'Nathan Robert',
  email: 'nathan.robert@uni.skolar.test',
};
/** The demo's algorithm quiz of today (30 % of the subject), not graded yet. */
const QUIZ = 'Contrôle continu : complexité';
const MIDTERM = 'Partiel d’algorithmique';

const averageFr = (value: number) =>
  new Intl.NumberFormat('fr', { maximumFractionDigits: 2 }).format(value);

test('a teacher grades a group from the keyboard with one student absent, publishes, and the transcript counts 0/20', async ({
  page,
  browser,
}) => {
  await signInAs(page, TEACHER);
  const list = (await (
    await page.request.get(`/api/evaluations?q=${encodeURIComponent(QUIZ)}`)
  ).json()) as { data: Array<{ id: number; title: string; subject_id: number }> };
  const quiz = list.data.find((row) => row.title === QUIZ)!;
  expect(quiz).toBeDefined();

  // From the evaluation's page to its grade grid, for one group.
  await page.goto(`/${quiz.subject_id}/evaluations/${quiz.id}`);
  await page.getByRole('link', { name: fr('evaluations.grade') }).click();
  await expect(page).toHaveURL(`/${quiz.id}/results/add`);
  await page
    .getByRole('combobox', { name: fr('results.grid.group'), exact: true })
    .selectOption({ label: 'Groupe TD A' });
  const cells = page.getByRole('textbox', { name: /^Note de / });
  await expect(cells).toHaveCount(6);

  // Keyboard only: type a grade (or abs) and Enter down the column.
  const labels = await cells.evaluateAll((inputs) =>
    inputs.map((input) => input.getAttribute('aria-label') ?? ''),
  );
  await cells.first().click();
  await page.keyboard.press('ControlOrMeta+A');
  for (const [index, label] of labels.entries()) {
    await page.keyboard.type(label.includes(ABSENT.listed) ? 'abs' : String(11 + index));
    await page.keyboard.press('Enter');
  }
  await expect(page.getByLabel(fr('results.grid.absentOf', { name: ABSENT.listed }))).toBeChecked();
  await page
    .getByRole('button', { name: fr('results.grid.saveCount_other', { count: 6 }) })
    .click();
  await expect(page.getByText(fr('results.grid.saved_other', { count: 6 }))).toBeVisible();

  await page.getByRole('button', { name: fr('results.publish.button') }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog
    .getByRole('button', { name: fr('results.publish.confirm_other', { count: 6 }) })
    .click();
  await expect(page.getByText(fr('results.publish.done_other', { count: 6 }))).toBeVisible();

  // The absent student's transcript: the quiz counts 0/20 in the subject's weighted average.
  await page.context().clearCookies();
  await signInAs(page, ABSENT.email);
  const results = (await (await page.request.get('/api/me/results')).json()) as {
    data: Array<{ evaluation: { title: string; percentage: number }; normalised: number }>;
  };
  const midterm = results.data.find((row) => row.evaluation.title === MIDTERM)!;
  const expected = (midterm.normalised * 40 + 0 * 30) / (40 + 30);

  await page.goto('/transcript');
  const algo = page.getByRole('region', { name: 'Algorithmique' });
  await expect(algo.getByRole('row', { name: new RegExp(QUIZ) })).toContainText(
    fr('transcript.absent'),
  );
  await expect(algo).toContainText(`${averageFr(expected)} / 20`);

  // The transcript downloads as a PDF whose printed code verifies.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: fr('transcript.download') }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const notice = page.getByText(/PDF téléchargé/);
  await expect(notice).toBeVisible();
  const code = (await notice.textContent())!.split(': ').pop()!.trim();

  // A third party, in a browser of their own, checks the code.
  const stranger = await browser.newPage();
  await stranger.goto(`/verify/${code}`);
  await expect(stranger.getByText(/Document authentique/)).toContainText(ABSENT.name);
  await stranger.close();
});
