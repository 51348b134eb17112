import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);

/** The accessible value of a progress bar, e.g. "50". */
const progressOf = (page: Page, name: string) =>
  page.getByRole('progressbar', { name: fr('learning.progressOf', { name }) });

async function expectNoSeriousViolation(page: Page) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}

test('a student follows a training: opens a lesson, reads chapters, marks them done and sees progress move', async ({
  page,
}) => {
  await signInAs(page, 'student@uni.skolar.test');
  await expect(page.getByText(fr('learning.continueTitle'))).toBeVisible();

  await page
    .getByRole('navigation', { name: fr('chrome.roleMenu') })
    .getByRole('link', { name: fr('menu.trainings') })
    .click();
  await expect(page).toHaveURL('/student/trainings');
  await expect(
    page.getByRole('heading', { level: 1, name: fr('learning.trainings') }),
  ).toBeVisible();
  await expectNoSeriousViolation(page);
  await page.getByRole('link', { name: 'Algorithmique et programmation' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Algorithmique et programmation' }),
  ).toBeVisible();
  await expect(progressOf(page, 'Le modèle relationnel')).toHaveAttribute('aria-valuenow', '0');
  await expectNoSeriousViolation(page);
  await page.getByRole('link', { name: /Le modèle relationnel/ }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Le modèle relationnel' }),
  ).toBeVisible();
  await page.getByRole('link', { name: /Tables, clés et contraintes/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tables, clés et contraintes' }),
  ).toBeVisible();
  await expectNoSeriousViolation(page);

  await page.getByRole('button', { name: fr('learning.markDone') }).click();
  await expect(page.getByText(fr('learning.markedDone'))).toBeVisible();
  await expect(page.getByRole('button', { name: fr('learning.markNotDone') })).toBeVisible();

  // The next chapter, then back to the lesson: one chapter of two is done.
  await page.getByRole('link', { name: /Les jointures/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Les jointures' })).toBeVisible();
  await page.getByRole('link', { name: 'Le modèle relationnel' }).click();
  await expect(progressOf(page, 'Le modèle relationnel')).toHaveAttribute('aria-valuenow', '50');

  // The dashboard offers to continue with the chapter opened last.
  await page.goto('/dashboard');
  await expect(page.getByText('Les jointures')).toBeVisible();
  await page.getByRole('link', { name: fr('learning.continueAction') }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Les jointures' })).toBeVisible();

  // The same screens in English and in German.
  await page.getByRole('combobox', { name: fr('chrome.language') }).selectOption('en');
  await expect(page.getByRole('button', { name: text('en', 'learning.markDone') })).toBeVisible();
  await page.getByRole('button', { name: text('en', 'learning.markDone') }).click();
  await expect(page.getByText(text('en', 'learning.markedDone'))).toBeVisible();
  await page.getByRole('combobox', { name: text('en', 'chrome.language') }).selectOption('de');
  await expect(
    page.getByRole('button', { name: text('de', 'learning.markNotDone') }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Le modèle relationnel' }).click();
  await expect(
    page.getByRole('progressbar', {
      name: text('de', 'learning.progressOf', { name: 'Le modèle relationnel' }),
    }),
  ).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('combobox', { name: text('de', 'chrome.language') }).selectOption('fr');
});

test('the chapter reader fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'student@uni.skolar.test');
  await page.goto('/student/trainings/1');
  await page.getByRole('link', { name: /Le modèle relationnel/ }).click();
  await page.getByRole('link', { name: /Tables, clés et contraintes/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tables, clés et contraintes' }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a student of another institution cannot open this training', async ({ page }) => {
  await signInAs(page, 'student@school.skolar.test');
  await page.goto('/student/trainings');
  await expect(
    page.getByRole('heading', { level: 1, name: fr('learning.trainings') }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Algorithmique et programmation' })).toHaveCount(0);
  await page.goto('/student/trainings/1');
  await expect(page.getByText(fr('learning.notFound'))).toBeVisible();
});

test('the course page of a training: presentation, activity, resources, evaluations and results', async ({
  page,
}) => {
  await signInAs(page, 'student@uni.skolar.test');
  await page.goto('/student/trainings/1');
  const tabs = page.getByRole('navigation', {
    name: fr('learning.course.tabs', { title: 'Algorithmique et programmation' }),
  });
  await tabs.getByRole('link', { name: fr('learning.course.presentation') }).click();
  await expect(page).toHaveURL('/event-presentation/1');
  await expect(page.getByText('Bases de données relationnelles')).toBeVisible();
  await expectNoSeriousViolation(page);

  await tabs.getByRole('link', { name: fr('learning.course.activity') }).click();
  await page.getByRole('link', { name: /Le modèle relationnel/ }).click();
  await expect(page).toHaveURL(/\/event-activity\/1\/\d+$/);
  await page.getByRole('link', { name: /Les jointures/ }).click();
  await expect(page).toHaveURL(/\/event-activity\/1\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Les jointures' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: fr('learning.course.activity') })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await tabs.getByRole('link', { name: fr('learning.course.resources') }).click();
  await expect(page).toHaveURL('/event-resources/1');
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousViolation(page);

  await tabs.getByRole('link', { name: fr('learning.course.evaluations') }).click();
  await expect(page.getByText('Examen final d’algorithmique')).toBeVisible();
  // The results tab: the training's published grades with the class's figures.
  await tabs.getByRole('link', { name: fr('learning.course.results') }).click();
  await expect(page).toHaveURL('/event-results/1');
  await expect(page.getByText('Partiel d’algorithmique')).toBeVisible();
  await expect(page.getByText(fr('myResults.classAverage')).first()).toBeVisible();
});

test('every dashboard count opens its list', async ({ page }) => {
  await signInAs(page, 'teacher@uni.skolar.test');
  const counts = page.locator('dl.dashboard__counts');
  await counts.getByRole('link', { name: fr('dashboard.counts.group') }).click();
  await expect(page).toHaveURL('/groups');
  await page.goBack();
  await counts.getByRole('link', { name: fr('dashboard.counts.lesson') }).click();
  await expect(page).toHaveURL('/subjects');
});
