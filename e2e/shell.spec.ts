import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';

// The HTML shell (apps/web/index.html, public/boot.js): what shows before the app's script runs.

const DARK_BACKGROUND = 'rgb(15, 17, 20)'; // --bg of [data-theme='dark'] (styles.css)
const LIGHT_BACKGROUND = 'rgb(246, 247, 249)'; // --bg of the light theme
const UNSTYLED = 'rgba(0, 0, 0, 0)'; // before the stylesheet applies (nothing painted yet)

/** A visitor whose browser kept the dark theme and German, as the app stores them. */
async function storeDarkGerman(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('locale', 'de');
  });
}

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('before the script runs, the shell shows the top bar in the stored theme and language', async ({
  page,
}) => {
  await storeDarkGerman(page);
  // The app's scripts never arrive: only the HTML, the stylesheet and boot.js.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Skolar');
  expect(await background(page)).toBe(DARK_BACKGROUND);
});

test('a stored dark theme is never preceded by a light frame, and the app takes over', async ({
  page,
}) => {
  await storeDarkGerman(page);
  // Every frame's background, from the first paint to the app's mount.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { backgrounds: string[] }).backgrounds = seen;
    const sample = () => {
      if (document.body) seen.push(getComputedStyle(document.body).backgroundColor);
      if (seen.length < 200) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  // The main script comes late, as on a slow network: the shell is on screen meanwhile.
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: text('de', 'app.tagline') }),
  ).toBeVisible();
  const backgrounds = await page.evaluate(
    () => (window as unknown as { backgrounds: string[] }).backgrounds,
  );
  expect(backgrounds).not.toContain(LIGHT_BACKGROUND);
  expect(new Set(backgrounds.filter((colour) => colour !== UNSTYLED))).toEqual(
    new Set([DARK_BACKGROUND]),
  );
});
