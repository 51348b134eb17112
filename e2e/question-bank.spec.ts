import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string | number>) =>
  text('fr', key, values as Record<string, string>);
const OPEN_EXAM = 'Contrôle continu : complexité';
const TITLE = 'Quiz de révision tiré au sort';

/** A GIFT export with a category, four good questions and one whose braces never close. */
const FILE = `$CATEGORY: $course$/top/Révisions

::R1::Combien font 2 + 2 ? {#4}

::R2::La recherche dichotomique exige un tableau trié. {T}

::R3::Quel tri partage le tableau autour d'un pivot ? {=rapide ~fusion ~insertion}

::R4::Combien d'octets dans un kilooctet (SI) ? {#1000}

::Cassée::Cette question n'a pas de fin {=oui
`;

test('a teacher fills the bank from a file with a broken question, builds a random exam from it, and a student takes it at 360 px', async ({
  browser,
}) => {
  // Two people and a whole exam: longer than one page's default, as the other long journeys.
  test.setTimeout(60_000);
  const teacherContext = await browser.newContext();
  const page = await teacherContext.newPage();
  await signInAs(page, 'teacher@uni.skolar.test');

  // The bank of the subject: the file is checked, its broken question named by its line.
  await page.goto('/question-bank/1');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Algorithmique');
  await page.getByRole('button', { name: fr('exams.import.importQuestions') }).click();
  const importing = page.getByRole('dialog');
  await importing.getByLabel(fr('exams.import.text')).fill(FILE);
  await importing.getByRole('button', { name: fr('exams.import.check') }).click();
  await expect(importing.locator('.notice--error li')).toContainText('11');
  await importing.getByRole('button', { name: /4/ }).click();
  await expect(importing).toBeHidden();
  const categories = page.getByLabel(fr('exams.bank.category'));
  await expect(categories.locator('option', { hasText: 'Révisions (4)' })).toHaveCount(1);
  await categories.selectOption('Révisions');
  await expect(page.getByText('Quel tri partage le tableau autour')).toBeVisible();

  // A new online exam in the window open today, built from the bank: a chosen question and a draw.
  const open = (await (
    await page.request.get(`/api/evaluations?q=${encodeURIComponent(OPEN_EXAM)}`)
  ).json()) as {
    data: Array<{
      date: string;
      start_time: string;
      end_time: string;
      subject: { id: number };
      training: { id: number };
    }>;
  };
  const window = open.data[0]!;
  const xsrf = (await teacherContext.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const created = await page.request.post('/api/evaluations', {
    headers: { 'X-XSRF-TOKEN': xsrf?.value ?? '' },
    data: {
      subject_id: window.subject.id,
      training_id: window.training.id,
      type: 'exam',
      title: TITLE,
      date: window.date,
      start_time: window.start_time,
      end_time: window.end_time,
      duration_minutes: 30,
      percentage: 0,
      scale: 20,
    },
  });
  expect(created.status()).toBe(201);
  const exam = (await created.json()) as { id: number };
  await page.goto(`/${window.subject.id}/evaluations/${exam.id}`);

  await page.getByRole('button', { name: fr('exams.bank.fromBank') }).click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('checkbox', { name: /Boucle simple/ }).check();
  await picker.getByRole('button', { name: /1/ }).click();
  await expect(picker).toBeHidden();

  await page.getByRole('button', { name: fr('exams.bank.draw'), exact: true }).click();
  const draw = page.getByRole('dialog');
  await draw.getByLabel(fr('exams.bank.category')).selectOption('Révisions');
  await draw.getByLabel(fr('exams.bank.drawCount')).fill('2');
  await draw.getByLabel(fr('exams.bank.drawPoints')).fill('2');
  await draw.getByRole('button', { name: fr('exams.bank.drawAdd') }).click();
  await expect(draw).toBeHidden();
  await expect(
    page.getByText(/2 questions tirées au sort dans Révisions \(parmi 4\)/),
  ).toBeVisible();

  // The draw goes first, by the keyboard's buttons.
  await page.getByRole('button', { name: /Monter Tirage au sort/ }).click();
  await expect(page.locator('.sortable-list__row').first()).toContainText('Révisions');
  await teacherContext.close();

  // A student on a phone gets the chosen question and two of the drawn ones.
  const studentContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await studentContext.newPage();
  await signInAs(phone, 'lucas.bonnet@uni.skolar.test');
  await phone.goto('/list-evaluations');
  await phone.getByRole('link', { name: TITLE }).first().click();
  await phone.getByRole('button', { name: fr('exams.start.start') }).click();
  await phone
    .getByRole('alertdialog', { name: fr('exams.start.confirm.title') })
    .getByRole('button', { name: fr('exams.start.confirm.go') })
    .click();
  await expect(phone).toHaveURL(/\/start-evaluation\/\d+\/\d+$/);
  await expect(phone.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(phone.locator('.exam-question')).toHaveCount(3);
  const attemptId = phone.url().split('/').at(-1);
  const first = (await (await phone.request.get(`/api/attempts/${attemptId}`)).json()) as {
    questions: Array<{ id: number }>;
  };
  // A reload brings the same questions: the draw is the attempt's own.
  await phone.reload();
  const again = (await (await phone.request.get(`/api/attempts/${attemptId}`)).json()) as {
    questions: Array<{ id: number }>;
  };
  expect(again.questions.map((q) => q.id).sort()).toEqual(first.questions.map((q) => q.id).sort());

  await phone
    .getByRole('group', { name: /parcourt une fois un tableau/ })
    .getByLabel('O(n)', { exact: true })
    .check();
  await expect(phone.locator('.exam-bar__state')).toHaveText(fr('exams.run.state.saved'));
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await phone.getByRole('button', { name: fr('exams.run.handIn') }).click();
  await phone
    .getByRole('alertdialog')
    .getByRole('button', { name: fr('confirm.confirm') })
    .click();
  await expect(phone.getByText(fr('exams.run.handedIn'))).toBeVisible();
  await studentContext.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the question bank has no serious or critical accessibility violation (${theme})`, async ({
    page,
  }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signInAs(page, 'teacher@uni.skolar.test');
    await page.goto('/question-bank/1');
    await expect(page.getByText('Boucle simple').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(blocking).toEqual([]);
  });
}
