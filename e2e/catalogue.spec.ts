import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);

const searchBox = (page: Page) =>
  page.getByRole('searchbox', { name: fr('public.formations.search') });
const trainingCards = (page: Page) =>
  page
    .getByRole('region', { name: new RegExp(`^${fr('public.formations.trainings')}`) })
    .getByRole('link');

async function openFromFooter(page: Page) {
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: fr('chrome.footer.publicCourses') })
    .click();
  await expect(page).toHaveURL('/public-formations');
  await expect(
    page.getByRole('heading', { level: 1, name: fr('public.formations.title') }),
  ).toBeVisible();
}

async function fitsItsViewport(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

test('a visitor finds a training in the public catalogue from the footer, and the partners once each', async ({
  page,
}) => {
  await page.goto('/');
  // The partner strip: every institution once, however few there are.
  const strip = page.getByTestId('trust-carousel').getByRole('listitem');
  // The strip renders once the institutions have loaded (spec: each block after its data).
  await expect(strip.first()).toBeVisible();
  const partners = await strip.allTextContents();
  expect(new Set(partners).size).toBe(partners.length);

  await openFromFooter(page);
  await expect(trainingCards(page).first()).toBeVisible();
  const all = await trainingCards(page).count();

  // Accents and case do not matter; the list narrows as one types.
  await searchBox(page).fill('ATELIER pYthon');
  await expect(trainingCards(page)).toHaveCount(1);
  await expect(page.getByText(fr('public.formations.results_one', { count: '1' }))).toBeVisible();
  await searchBox(page).fill('développement');
  await expect(trainingCards(page).first()).toBeVisible();
  await searchBox(page).fill('developpement');
  await expect(trainingCards(page).first()).toContainText(/Développement/);

  // Nothing matches: the message and a way back to everything.
  await searchBox(page).fill('astrophysique quantique');
  await expect(page.getByText(fr('public.formations.noResults'))).toBeVisible();
  await page.getByRole('button', { name: fr('public.formations.reset') }).click();
  await expect(trainingCards(page)).toHaveCount(all);

  // An institution, then a training: its public page; back, the search is still there.
  await page
    .getByRole('combobox', { name: fr('public.formations.institution') })
    .selectOption({ label: 'Université Lumière des Confluences' });
  for (const card of await trainingCards(page).all()) {
    await expect(card).toContainText('Université Lumière des Confluences');
  }
  await searchBox(page).fill('python');
  await expect(page).toHaveURL(/q=python/);
  await trainingCards(page).first().click();
  await expect(page).toHaveURL(/\/public-trainings\/\d+$/);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Licence Informatique L3 - Atelier Python pour débutants',
    }),
  ).toBeVisible();
  await page.goBack();
  await expect(searchBox(page)).toHaveValue('python');
  await expect(trainingCards(page)).toHaveCount(1);
});

test('a signed-in student opens the public catalogue and every training card stays on a page they may open', async ({
  page,
}) => {
  await signInAs(page, 'student@uni.skolar.test');
  await openFromFooter(page);
  // The public seminars are listed too (their cards are not links: they have no public page).
  await expect(
    page.getByRole('region', { name: new RegExp(`^${fr('public.formations.seminars')}`) }),
  ).toBeVisible();

  const cards = trainingCards(page);
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    const heading = (await card.getByRole('heading').textContent()) ?? '';
    await card.click();
    const dialog = page.getByRole('dialog', { name: heading });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/public-formations\?training=\d+$/);
    await expect(dialog.getByRole('link', { name: fr('public.details.cta') })).toHaveAttribute(
      'href',
      /^\/contact\?institution=\d+/,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/public-formations');
  }

  // The dialog's own address can be shared, and the page fits a phone.
  await cards.first().click();
  await page.reload();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: fr('public.formations.close') }).click();
  await expect(page).toHaveURL('/public-formations');
  await page.setViewportSize({ width: 360, height: 780 });
  await fitsItsViewport(page);
});
