import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);

test('a visitor explores the site, changes language and theme, opens a training and writes to us', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: fr('app.tagline') })).toBeVisible();

  // Five anchor sections, reachable from the top of the page.
  const anchors = page.getByRole('navigation', { name: fr('public.home.sectionsNav') });
  await expect(anchors.getByRole('link')).toHaveCount(5);
  for (const section of ['welcome', 'trainings', 'partners', 'schools', 'contact']) {
    await expect(page.locator(`section#${section}`)).toHaveCount(1);
  }
  await anchors.getByRole('link', { name: fr('public.home.sections.partners') }).click();
  await expect(page).toHaveURL(/#partners$/);
  await expect(page.getByRole('heading', { name: fr('public.home.trust.title') })).toBeInViewport();

  // The statistics strip.
  const stats = page.getByRole('region', { name: fr('public.home.stats.label') });
  await expect(stats.locator('dd')).toHaveText(['560+', '25', '100+', '100+']);
  await expect(stats).toContainText(fr('public.home.stats.students'));

  // 'They trust us' carousel with the institutions' logos, and the catalogue block.
  const carousel = page.getByTestId('trust-carousel');
  await expect(
    carousel.getByRole('img', { name: 'Université Lumière des Confluences' }).first(),
  ).toBeVisible();
  const catalogue = page.locator('#trainings');
  await expect(catalogue.locator('.training-card').first()).toBeVisible();
  await expect(catalogue.getByText('Université Lumière des Confluences').first()).toBeVisible();

  // English, then German: the texts change and the choice survives a reload.
  const language = page.getByRole('combobox', { name: fr('chrome.language') });
  await language.selectOption('en');
  await expect(
    page.getByRole('heading', { level: 1, name: text('en', 'app.tagline') }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: text('en', 'app.tagline') }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: text('en', 'chrome.language') }).selectOption('de');
  await expect(
    page.getByRole('heading', { level: 1, name: text('de', 'app.tagline') }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: text('de', 'app.tagline') }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('de');
  await page.getByRole('combobox', { name: text('de', 'chrome.language') }).selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: fr('app.tagline') })).toBeVisible();

  // Dark theme, kept after a reload.
  await page.getByRole('button', { name: fr('chrome.themeDark') }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: fr('chrome.themeLight') })).toBeVisible();

  // A public training from a card of the catalogue.
  await page
    .getByRole('link', { name: fr('public.home.toCatalogue') })
    .first()
    .click();
  await expect(page).toHaveURL('/public-trainings');
  await expect(
    page.getByRole('heading', { level: 1, name: fr('public.catalogue.title') }),
  ).toBeVisible();
  const card = page.locator('.training-card', { hasText: 'Algorithmique et programmation' });
  await card.click();
  await expect(page).toHaveURL(/\/public-trainings\/\d+$/);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Licence Informatique L3 - Algorithmique et programmation',
    }),
  ).toBeVisible();
  await expect(page.getByText(fr('public.details.certificate', { name: 'ULC' }))).toBeVisible();

  // The contact form: a bad e-mail shows its error under the field, a good one the success toast.
  await page.getByRole('link', { name: fr('public.details.cta') }).click();
  await expect(page).toHaveURL(/\/contact\?institution=\d+/);
  await expect(
    page.getByRole('heading', { level: 1, name: fr('public.contact.title') }),
  ).toBeVisible();
  await expect(page.getByText(fr('public.contact.subtitle'))).toBeVisible();
  await page.getByLabel(fr('public.contact.firstName'), { exact: true }).fill('Camille');
  await page.getByLabel(fr('public.contact.lastName'), { exact: true }).fill('Durand');
  await page.getByLabel(fr('public.contact.email'), { exact: true }).fill('camille.durand@');
  await page.getByLabel(fr('public.contact.phone'), { exact: true }).fill('612345678');
  await page
    .getByLabel(fr('public.contact.need'))
    .selectOption({ label: fr('public.contact.needs.brochure') });
  await page
    .getByLabel(fr('public.contact.message'), { exact: true })
    .fill('Pouvez-vous m’envoyer la brochure ?');
  // The object comes prefilled with the training's title; empty it to see its own error.
  await expect(page.getByLabel(fr('public.contact.object'), { exact: true })).toHaveValue(
    'Algorithmique et programmation',
  );
  await page.getByLabel(fr('public.contact.object'), { exact: true }).fill('');
  await page.getByRole('button', { name: fr('public.contact.send') }).click();
  const email = page.getByLabel(fr('public.contact.email'), { exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(fr('validation.email'))).toBeVisible();
  // The object was left empty: it shows its own error too.
  await expect(page.getByLabel(fr('public.contact.object'), { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await email.fill('camille.durand@example.test');
  await page.getByLabel(fr('public.contact.object'), { exact: true }).fill('Brochure');
  await page.getByRole('button', { name: fr('public.contact.send') }).click();
  await expect(
    page.getByText('Votre message a bien été envoyé. Nous vous répondrons rapidement.'),
  ).toBeVisible();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
});

test('the phone prefix opens the country list, closes on a click outside, and picking sets it', async ({
  page,
}) => {
  await page.goto('/contact');
  const prefix = page.getByRole('button', {
    name: fr('phone.country', { country: 'France (+33)' }),
  });
  await expect(prefix).toBeVisible();
  // The flag is an SVG image, drawn on every system (emoji flags are not, on Linux and Windows).
  await expect(prefix.locator('img')).toHaveJSProperty('complete', true);
  expect(
    await prefix.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await prefix.click();
  const list = page.getByRole('listbox', { name: fr('phone.countries') });
  await expect(list).toBeVisible();
  expect(await list.getByRole('option').count()).toBeGreaterThan(230);
  await page.getByRole('heading', { level: 1 }).click();
  await expect(list).toBeHidden();

  // From the keyboard: open, search, Enter; the number comes next.
  await prefix.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: fr('phone.search') }).fill('Allemagne');
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(
    page.getByRole('button', { name: fr('phone.country', { country: 'Allemagne (+49)' }) }),
  ).toBeVisible();
  await expect(page.getByLabel(fr('public.contact.phone'), { exact: true })).toBeFocused();
});
