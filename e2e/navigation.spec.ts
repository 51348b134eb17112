import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const t = (key: string, values?: Record<string, string>) => text('fr', key, values);

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('an admin reaches a promotion, a training and a group from the dashboard by clicking alone', async ({
  page,
}) => {
  await signInAs(page, 'admin@uni.skolar.test');
  const main = page.getByRole('main');

  // The dashboard's count of promotions opens their list (the admin's menu has it too).
  const counts = page.locator('.dashboard__count');
  await counts.getByRole('link', { name: t('dashboard.counts.promotion') }).click();
  await expect(page).toHaveURL('/promotions');
  await main.getByRole('link', { name: 'Licence Informatique L3', exact: true }).click();
  await expect(page).toHaveURL(/^.*\/\d+\/promotions\/\d+$/);
  await expect(h1(page)).toHaveText('Licence Informatique L3');
  const promotionUrl = page.url();

  // The promotion's trainings, and back.
  const trainings = main.getByRole('region', { name: t('trainings.title') });
  const training = trainings.getByRole('listitem').first().getByRole('link');
  const trainingTitle = (await training.textContent()) ?? '';
  await training.click();
  await expect(page).toHaveURL(/\/\d+\/\d+\/trainings\/\d+$/);
  await expect(h1(page)).toHaveText(trainingTitle);
  await main.getByRole('link', { name: 'Licence Informatique L3', exact: true }).click();
  await expect(page).toHaveURL(promotionUrl);

  // The promotion's groups, and back.
  const group = main
    .getByRole('region', { name: t('groups.title') })
    .getByRole('listitem')
    .first()
    .getByRole('link');
  const groupName = (await group.textContent()) ?? '';
  await group.click();
  await expect(page).toHaveURL(/\/\d+\/groups\/\d+$/);
  await expect(h1(page)).toHaveText(groupName);
  await main.getByRole('link', { name: 'Licence Informatique L3', exact: true }).click();
  await expect(page).toHaveURL(promotionUrl);

  // The count of trainings leads to the nearest list an admin may open: the promotions.
  await page
    .getByRole('banner')
    .getByRole('link', { name: t('chrome.home') })
    .click();
  await counts.getByRole('link', { name: t('dashboard.counts.training') }).click();
  await expect(page).toHaveURL('/promotions');

  // A program's promotion rows open the promotion.
  await page
    .getByRole('navigation', { name: t('chrome.roleMenu') })
    .getByRole('link', { name: t('menu.programs') })
    .click();
  await main.getByRole('link', { name: 'Licence Informatique', exact: true }).click();
  await main.getByRole('link', { name: 'Licence Informatique L3', exact: true }).click();
  await expect(page).toHaveURL(promotionUrl);
});

test('a super-teacher on a student page sees no link that sends them away', async ({ page }) => {
  await signInAs(page, 'superteacher@uni.skolar.test');
  const main = page.getByRole('main');
  await page
    .getByRole('navigation', { name: t('chrome.roleMenu') })
    .getByRole('link', { name: t('menu.promotions') })
    .click();
  await main.getByRole('link', { name: 'Licence Informatique L3', exact: true }).click();
  const student = main
    .getByRole('region', { name: t('students.title') })
    .getByRole('listitem')
    .first()
    .getByRole('link');
  const name = (await student.textContent()) ?? '';
  await student.click();
  await expect(page).toHaveURL(/\/students\/\d+$/);
  await expect(h1(page)).toHaveText(name);
  const studentUrl = page.url();

  // Pages a super-teacher may not open are not linked: the students' list, the group assignment.
  await expect(main.getByRole('link', { name: t('students.title') })).toHaveCount(0);
  await expect(main.getByRole('link', { name: t('students.manageGroups') })).toHaveCount(0);
  await expect(main.getByRole('link', { name: t('promotions.title') })).toHaveAttribute(
    'href',
    '/promotions',
  );

  // Every link of the page (chrome included) opens its own page and stays there.
  const hrefs = await page
    .locator('a[href^="/"]:not([href^="/api/"])')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
  expect(hrefs.length).toBeGreaterThan(10);
  for (const href of hrefs) {
    await page.locator(`a[href="${href}"]`).first().click();
    await expect(page, `${href} stays`).toHaveURL(new URL(href, page.url()).href);
    await page.goBack();
    await expect(page).toHaveURL(studentUrl);
    await expect(h1(page)).toHaveText(name);
  }
});

test('the user menu leads to the support page', async ({ page }) => {
  await signInAs(page, 'teacher@uni.skolar.test');
  await page.getByRole('button', { name: /^Menu du compte de / }).click();
  await page
    .getByRole('banner')
    .getByRole('menuitem', { name: t('userMenu.support') })
    .click();
  await expect(page).toHaveURL('/support');
  await expect(h1(page)).toBeVisible();
});
