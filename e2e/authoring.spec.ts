import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);
const IMAGE = new URL('../apps/api/src/ops/seed/assets/complexity.png', import.meta.url).pathname;
const PDF = new URL('../apps/api/src/ops/seed/assets/complexite-fiche.pdf', import.meta.url)
  .pathname;

async function expectNoSeriousViolation(page: Page) {
  await page.waitForLoadState('networkidle');
  // A toast fading in is measured mid-animation (half-transparent text); the page is what counts.
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}

/** Writes a chapter in the editor of the chapter form and saves it. */
async function writeChapter(page: Page, title: string, body: string, image?: string) {
  await page.getByRole('link', { name: fr('chapters.add') }).click();
  await page.getByRole('textbox', { name: fr('chapters.fields.title') }).fill(title);
  const editor = page.getByRole('textbox', { name: fr('chapters.fields.content') });
  await editor.click();
  await page.keyboard.type(body);
  if (image) {
    await page.locator('input[type="file"][accept^="image"]').setInputFiles(image);
    await expect(editor.locator('img')).toHaveAttribute('src', /^\/api\/files\/\d+$/);
  }
  await page.getByRole('button', { name: fr('manage.create') }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a teacher writes a lesson with two chapters, an image and a file; a student of the promotion reads it', async ({
  page,
}) => {
  const teacher = page;
  await signInAs(teacher, 'teacher@uni.skolar.test');
  await teacher.goto('/subjects');
  await teacher.getByRole('link', { name: 'Algorithmique', exact: true }).click();
  await expect(teacher.getByRole('heading', { level: 1, name: 'Algorithmique' })).toBeVisible();
  await expectNoSeriousViolation(teacher);

  await teacher.getByRole('link', { name: fr('subjects.addLesson') }).click();
  await teacher.getByRole('textbox', { name: fr('lessons.fields.title') }).fill('Récursivité E2E');
  await teacher
    .getByRole('textbox', { name: fr('lessons.fields.summary') })
    .fill('Penser un problème par ses sous-problèmes.');
  await teacher.getByRole('button', { name: fr('manage.create') }).click();
  await expect(teacher.getByRole('heading', { level: 1, name: 'Récursivité E2E' })).toBeVisible();
  const lessonUrl = teacher.url();
  await expectNoSeriousViolation(teacher);

  await writeChapter(
    teacher,
    'Cas de base E2E',
    'Toute récursion s’arrête sur un cas de base.',
    IMAGE,
  );
  await teacher.getByLabel(fr('chapters.resources.upload')).setInputFiles(PDF);
  await expect(teacher.getByText(fr('chapters.resources.added'))).toBeVisible();
  await expect(teacher.getByRole('link', { name: /complexite-fiche/ })).toBeVisible();
  await expectNoSeriousViolation(teacher);

  await teacher.goto(lessonUrl);
  await writeChapter(teacher, 'Appel récursif E2E', 'Chaque appel réduit la taille du problème.');

  // A student of the promotion finds the lesson in their training and reads it.
  await page.evaluate(() => localStorage.removeItem('user'));
  await page.context().clearCookies();
  const student = page;
  await signInAs(student, 'student@uni.skolar.test');
  await student.goto('/student/trainings/1');
  await student.getByRole('link', { name: /Récursivité E2E/ }).click();
  await expect(student.getByRole('heading', { level: 1, name: 'Récursivité E2E' })).toBeVisible();
  await student.getByRole('link', { name: /Cas de base E2E/ }).click();
  const content = student.getByRole('region', { name: fr('learning.content') });
  await expect(content.getByText('Toute récursion s’arrête sur un cas de base.')).toBeVisible();
  await expect(content.locator('img')).toHaveJSProperty('complete', true);
  expect(
    await content.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(student.getByRole('link', { name: /complexite-fiche/ })).toBeVisible();
  await student.getByRole('button', { name: fr('learning.markDone') }).click();
  await expect(student.getByText(fr('learning.markedDone'))).toBeVisible();
  await student.getByRole('link', { name: /Appel récursif E2E/ }).click();
  await student.getByRole('button', { name: fr('learning.markDone') }).click();
  await expect(student.getByText(fr('learning.markedDone')).first()).toBeVisible();
  await student.getByRole('link', { name: 'Récursivité E2E' }).click();
  await expect(
    student.getByRole('progressbar', {
      name: fr('learning.progressOf', { name: 'Récursivité E2E' }),
    }),
  ).toHaveAttribute('aria-valuenow', '100');
});
