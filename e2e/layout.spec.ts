import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/session.ts';

type Locale = 'fr' | 'en' | 'de';
const LOCALES: Locale[] = ['fr', 'en', 'de'];
const SCREENS = [
  { width: 1366, height: 900 },
  { width: 360, height: 780 },
];

/** The first row of a list answer of the API, with the ids the relation pages need. */
async function firstRow(page: Page, path: string) {
  const answer = await (await page.request.get(path)).json();
  const row = answer.data[0];
  expect(row, `${path} has a row`).toBeTruthy();
  return row as { id: number; program_id?: number; promotion_id?: number };
}

/** Waits for the list, its rows or its empty message, and the relation panels to be drawn. */
async function settled(page: Page) {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(
    page.locator('.data-table tbody tr, .cohort-list li, .cohort-empty').first(),
  ).toBeVisible();
}

/**
 * What does not fit: the page wider than the window, a list scrolling inside its box, or a row
 * action (link or button of the row's last cell) outside the window.
 */
function overflows(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const page = document.documentElement.scrollWidth;
    if (page > width) problems.push(`page ${page} px wide`);
    for (const box of document.querySelectorAll('.data-table__scroll')) {
      if (box.scrollWidth > box.clientWidth + 1) {
        problems.push(`list ${box.scrollWidth} px in a ${box.clientWidth} px box`);
      }
    }
    for (const [index, row] of document.querySelectorAll('.data-table tbody tr').entries()) {
      for (const action of row.querySelectorAll('td:last-child :is(a, button)')) {
        const box = action.getBoundingClientRect();
        if (box.width === 0 || box.left < 0 || box.right > width) {
          problems.push(`row ${index + 1}: '${action.getAttribute('aria-label')}' off-screen`);
        }
      }
    }
    return problems;
  });
}

/** Every page at 1366 and 360 px in each language: one load per language, resized in place. */
async function checkFit(page: Page, paths: string[]) {
  for (const locale of LOCALES) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    for (const path of paths) {
      await page.setViewportSize(SCREENS[0] as { width: number; height: number });
      await page.goto(path);
      await settled(page);
      for (const screen of SCREENS) {
        await page.setViewportSize(screen);
        await expect
          .poll(() => overflows(page), { message: `${path} at ${screen.width} px in ${locale}` })
          .toEqual([]);
      }
    }
  }
}

test.describe('every list fits its window', () => {
  test.setTimeout(240_000);

  test('super-admin lists', async ({ page }) => {
    await signInAs(page, 'superadmin@skolar.test');
    const institution = await firstRow(page, '/api/institutions');
    const module = await firstRow(page, '/api/modules');
    await checkFit(page, [
      '/users',
      '/institutions',
      '/programs',
      '/trainings',
      '/modules',
      '/seminars',
      '/evaluations',
      `/institution-program/${institution.id}`,
      `/module-subject/${module.id}`,
    ]);
  });

  test('admin lists and relation pages', async ({ page }) => {
    await signInAs(page, 'admin@uni.skolar.test');
    const promotion = await firstRow(page, '/api/promotions');
    const teacher = await firstRow(page, '/api/teachers');
    const module = await firstRow(page, '/api/modules');
    await page.goto('/modules');
    const institutionModules = await page
      .locator('a[href^="/institution-module/"]')
      .first()
      .getAttribute('href');
    await checkFit(page, [
      '/students',
      '/teachers',
      '/programs',
      '/promotions',
      '/modules',
      '/subjects',
      '/seminars',
      '/evaluations',
      String(institutionModules),
      `/module-subject/${module.id}`,
      `/${promotion.program_id}/promotion-student/${promotion.id}`,
      `/${promotion.program_id}/promotion-teacher/${promotion.id}`,
      `/teacher-subject/${teacher.id}`,
    ]);
  });

  test('super-teacher lists', async ({ page }) => {
    await signInAs(page, 'superteacher@uni.skolar.test');
    const group = await firstRow(page, '/api/groups');
    await checkFit(page, [
      '/promotions',
      '/groups',
      '/subjects',
      '/seminars',
      '/evaluations',
      `/${group.promotion_id}/group-student/${group.id}`,
    ]);
  });

  test('teacher lists', async ({ page }) => {
    await signInAs(page, 'teacher@uni.skolar.test');
    await checkFit(page, ['/groups', '/subjects', '/seminars', '/evaluations']);
  });
});

test('the admin dashboard keeps 360 px in German', async ({ page }) => {
  await signInAs(page, 'admin@uni.skolar.test');
  await page.evaluate(() => localStorage.setItem('locale', 'de'));
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/dashboard');
  await expect(page.locator('.dashboard__count').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Each count's label stays inside its card.
  const spill = await page.evaluate(
    () =>
      [...document.querySelectorAll('.dashboard__count')].filter((card) => {
        const label = card.querySelector('dt')?.getBoundingClientRect();
        const box = card.getBoundingClientRect();
        return !label || label.right > box.right || label.left < box.left;
      }).length,
  );
  expect(spill).toBe(0);
});
