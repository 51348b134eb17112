import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

// Issue 33: a teacher reaches a promotion in one post, and a student whose page is open sees it
// arrive without reloading: the bell counts it, the panel says it, its link leads to it.

const fr = (key: string, values?: Record<string, string | number>) =>
  text('fr', key, values as Record<string, string>);
const TEACHER = 'teacher@uni.skolar.test';
const STUDENT = 'student@uni.skolar.test';

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The bell of the top bar, whatever its count says. */
const bell = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${fr('notifications.bell.label')}`) });

test('a teacher posts an announcement to the L3, and a student’s open dashboard shows it live', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // The student is on their dashboard, signed in on their own browser.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signInAs(student, STUDENT);
  await expect(bell(student)).toBeVisible();
  const before = Number((await bell(student).getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);

  // The teacher writes to the promotion from the announcements page.
  await signInAs(page, TEACHER);
  await page
    .getByRole('navigation', { name: fr('chrome.roleMenu') })
    .getByRole('link', { name: fr('menu.announcements') })
    .click();
  await expect(page).toHaveURL('/announcements');
  await page.getByRole('button', { name: fr('announcements.new') }).click();
  const dialog = page.getByRole('dialog', { name: fr('announcements.new') });
  await dialog
    .getByRole('textbox', { name: fr('announcements.form.title') })
    .fill('Amphi B demain');
  const audience = dialog.getByLabel(fr('announcements.form.audience'));
  const options = await audience.locator('option').allTextContents();
  await audience.selectOption({
    label: options.find((label) => label.startsWith('Licence Informatique L3'))!,
  });
  await dialog.getByRole('textbox', { name: fr('announcements.form.body') }).click();
  await page.keyboard.type('Le cours de demain a lieu en amphi B.');
  await dialog.getByRole('button', { name: fr('announcements.form.publish') }).click();
  await expect(page.getByRole('heading', { name: 'Amphi B demain' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Without reloading, the student's bell counts one more, and its panel says what came.
  await expect(bell(student)).toHaveAttribute('aria-label', new RegExp(`, ${before + 1} non lue`), {
    timeout: 20_000,
  });
  await bell(student).click();
  const entry = student
    .getByRole('banner')
    .getByRole('dialog')
    .getByRole('link', { name: /Amphi B demain/ });
  await expect(entry).toBeVisible();
  expect(await axeViolations(student)).toEqual([]);
  await entry.click();
  await expect(student).toHaveURL(/\/announcements#announcement-\d+$/);
  await expect(student.getByRole('heading', { name: 'Amphi B demain' })).toBeVisible();
  await expect(student.getByText('Le cours de demain a lieu en amphi B.')).toBeVisible();
  await studentContext.close();
});

test('a student asks a question in the subject’s discussion, and the teacher’s answer is accepted', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const title = 'Tas binaire : insertion en O(log n) ?';
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signInAs(student, STUDENT);
  await student
    .getByRole('navigation', { name: fr('chrome.roleMenu') })
    .getByRole('link', { name: fr('menu.discussions') })
    .click();
  await expect(student).toHaveURL(/\/discussions/);
  await student.getByRole('button', { name: fr('discussions.new') }).click();
  const dialog = student.getByRole('dialog', { name: fr('discussions.new') });
  await dialog.getByLabel(fr('discussions.form.subject')).selectOption({ label: 'Algorithmique' });
  await dialog.getByRole('textbox', { name: fr('discussions.form.title') }).fill(title);
  await dialog.getByRole('textbox', { name: fr('discussions.form.body') }).click();
  await student.keyboard.type('Pourquoi l’insertion dans un tas coûte-t-elle O(log n) ?');
  const question = dialog.getByRole('checkbox', { name: fr('discussions.form.question') });
  if (!(await question.isChecked())) await question.check();
  await dialog.getByRole('button', { name: fr('discussions.form.publish') }).click();
  await expect(student).toHaveURL(/\/discussions\/\d+$/);
  await expect(student.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const threadUrl = student.url();
  expect(await axeViolations(student)).toEqual([]);

  // The teacher of the subject answers in the thread, then accepts the answer.
  await signInAs(page, TEACHER);
  await page.goto('/discussions');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(threadUrl.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByRole('textbox', { name: fr('discussions.reply.body') }).click();
  await page.keyboard.type('Le nouvel élément remonte au plus la hauteur du tas : log n niveaux.');
  await page.getByRole('button', { name: fr('discussions.reply.send') }).click();
  // Whatever the teacher's first name is by now (the account journey changes it).
  await page
    .getByRole('button', { name: new RegExp(`^${fr('discussions.actions.acceptShort')} `) })
    .click();
  await expect(page.getByText(fr('discussions.post.accepted')).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The student's open page shows the answer, accepted, without a reload.
  await expect(student.getByText('log n niveaux').first()).toBeVisible({ timeout: 20_000 });
  await expect(student.getByText(fr('discussions.post.accepted')).first()).toBeVisible({
    timeout: 20_000,
  });
  await studentContext.close();
});
