import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);
const TEACHER = 'teacher@uni.skolar.test';
const STUDENT = 'student@uni.skolar.test';
const REPORT = 'Rapport d’étape : architecture de l’API';

interface Queue {
  students: Array<{
    student: { id: number; first_name: string; last_name: string; email: string };
    state: string;
    latest: { file_name: string } | null;
  }>;
}

/** The demo's formative report (`tsReport`), as the teacher's list finds it. */
async function reportId(page: Page) {
  const list = (await (await page.request.get('/api/evaluations?per_page=100')).json()) as {
    data: Array<{ id: number; title: string }>;
  };
  const row = list.data.find((evaluation) => evaluation.title === REPORT);
  expect(row).toBeDefined();
  return row!.id;
}

/** Picks one level per criterion from the keyboard: focus its first level, arrows to the one. */
async function chooseLevels(page: Page, levels: Record<string, number>) {
  for (const [criterion, steps] of Object.entries(levels)) {
    const group = page.getByRole('group', { name: new RegExp(criterion) });
    await group.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowRight');
  }
}

test('a teacher marks three hand-ins with the rubric and annotations from the keyboard, publishes, and the student reads them', async ({
  browser,
  page,
}) => {
  await signInAs(page, TEACHER);
  const id = await reportId(page);
  const queue = (await (await page.request.get(`/api/evaluations/${id}/marking`)).json()) as Queue;
  const who = (email: string) => {
    const row = queue.students.find((entry) => entry.student.email === email)!;
    return `${row.student.last_name} ${row.student.first_name}`;
  };
  const handedIn = queue.students.filter((entry) => entry.latest && entry.state !== 'marked');
  expect(handedIn.length).toBeGreaterThanOrEqual(3);

  const studentId = queue.students.find((e) => e.student.email === STUDENT)!.student.id;
  await page.goto(`/marking/${id}?student=${studentId}`);
  await expect(page.getByRole('heading', { name: REPORT })).toBeVisible();
  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('heading', { name: new RegExp(who(STUDENT)) })).toBeVisible();

  // The PDF is in the page; a highlight by dragging, a comment typed from the keyboard.
  const firstPage = page.locator('[data-page="1"]');
  await expect(firstPage.locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: fr('marking.annotations.tool.highlight') }).click();
  await firstPage.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const box = (await firstPage.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.12, box.y + box.height * 0.16);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.18, { steps: 4 });
  await page.mouse.up();
  const list = page.locator('.annotation-list');
  await expect(list.getByText(fr('marking.annotations.kinds.highlight'))).toBeVisible();
  const comment = list.getByLabel(fr('marking.annotations.comment'));
  await comment.focus();
  await page.keyboard.type('Justifiez le choix des trois couches.');
  await page.keyboard.press('Enter');
  // The numbered comment itself, not the label of the field that adds one.
  await expect(
    list.locator('strong').filter({ hasText: fr('marking.annotations.kinds.comment') }),
  ).toBeVisible();

  // The rubric from the keyboard: Claire (4), Justifiés (6), Lisible (4), Précise (4) = 18 / 20.
  await chooseLevels(page, {
    'Structure du rapport': 2,
    'Choix d’architecture': 2,
    Schéma: 2,
    'Expression écrite': 2,
  });
  await expect(panel.getByText(fr('marking.computed', { grade: '18', scale: '20' }))).toBeVisible();
  await panel.getByLabel(fr('marking.comment')).fill('Rapport clair, bien construit.');
  // Ctrl+Enter saves and moves on to the next student of the list.
  await page.keyboard.press('Control+Enter');
  await expect(panel.getByRole('heading', { name: new RegExp(who(STUDENT)) })).toBeHidden();

  // Two more, reached with Alt+Page Down / the student list: a code file and an image.
  for (const email of handedIn
    .map((entry) => entry.student.email)
    .filter((email) => email !== STUDENT)
    .slice(0, 2)) {
    const picker = page.getByLabel(/Étudiant \d+ sur \d+/);
    const option = await picker.locator('option', { hasText: who(email) }).textContent();
    await picker.selectOption({ label: option! });
    await expect(panel.getByRole('heading', { name: new RegExp(who(email)) })).toBeVisible();
    await chooseLevels(page, {
      'Structure du rapport': 1,
      'Choix d’architecture': 1,
      Schéma: 1,
      'Expression écrite': 1,
    });
    await panel.getByRole('button', { name: fr('marking.save'), exact: true }).click();
    await expect(panel.getByText(fr('marking.saved'))).toBeVisible();
  }
  // Alt+Page Up goes back one student in the list.
  const position = page.getByText(/Étudiant \d+ sur \d+/);
  const before = await position.textContent();
  await page.locator('body').press('Alt+PageUp');
  await expect(position).not.toHaveText(before!);

  // The student's grade written through the grid's path, then published from the screen.
  await page.goto(`/marking/${id}?student=${studentId}`);
  await expect(panel.getByText(fr('marking.states.marked'))).toBeVisible();
  await panel.getByRole('button', { name: fr('marking.publish') }).click();
  await expect(panel.getByText(fr('marking.published'))).toBeVisible();

  // The student reads the rubric and the annotated copy.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signInAs(student, STUDENT);
  await student.goto(`/evaluation-details/${id}`);
  const table = student.getByRole('table', { name: fr('marking.feedback.caption') });
  await expect(table.getByRole('row', { name: /Structure du rapport.*Claire/ })).toBeVisible();
  await expect(table.getByText('18 / 20')).toBeVisible();
  await expect(student.getByText('Justifiez le choix des trois couches.')).toBeVisible();
  await expect(student.locator('[data-page="1"] canvas')).toBeVisible();
  const download = student.getByRole('link', { name: fr('marking.annotations.download') });
  const pdf = await student.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await studentContext.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the marking screen has no serious or critical accessibility violation (${theme})`, async ({
    page,
  }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signInAs(page, TEACHER);
    await page.goto(`/marking/${await reportId(page)}`);
    await expect(page.getByRole('complementary')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(blocking).toEqual([]);
  });
}
