import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);
const TEACHER = 'teacher@uni.skolar.test';
// Two learners of the L3 who check in from their phones.
const SCANNING = 'juliette.blanc@uni.skolar.test';
const TYPING = 'rayan.meunier@uni.skolar.test';
const ZONE = 'Europe/Paris';

/** The wall clock of the institution's zone, `minutes` from now, kept within today. */
function wall(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, ...options }).format(at);
  return {
    day: part({ year: 'numeric', month: '2-digit', day: '2-digit' }),
    time: part({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  };
}

/** A call of the page's own session, with its XSRF header (as the app sends it). */
async function post(page: Page, url: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post(url, { data, headers: { 'x-xsrf-token': xsrf } });
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

test('a trainer projects the check-in code, two students check in from phones (one types it), and the trainer sees the list fill and closes the session', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // A session of this hour, made by hand, for the L3 (within today, in the institution's zone).
  const now = wall(0);
  const start = wall(-5).day === now.day ? wall(-5).time : '00:00';
  const end = wall(60).day === now.day ? wall(60).time : '23:59';
  await signInAs(page, TEACHER);
  await page
    .getByRole('navigation', { name: fr('chrome.roleMenu') })
    .getByRole('link', { name: fr('menu.attendance') })
    .click();
  await expect(page).toHaveURL('/attendance');
  await page.getByRole('button', { name: fr('attendance.newSession') }).click();
  const dialog = page.getByRole('dialog', { name: fr('attendance.newSession') });
  await dialog.getByLabel(fr('attendance.fields.title')).fill('Séance de TP');
  const promotion = dialog.getByLabel(fr('attendance.audience.promotion'));
  const labels = await promotion.locator('option').allTextContents();
  await promotion.selectOption({
    label: labels.find((label) => label.startsWith('Licence Informatique L3'))!,
  });
  await dialog.getByLabel(fr('attendance.fields.day')).fill(now.day);
  await dialog.getByLabel(fr('attendance.fields.start')).fill(start);
  await dialog.getByLabel(fr('attendance.fields.end')).fill(end);
  await dialog.getByRole('button', { name: fr('attendance.create') }).click();
  await expect(page).toHaveURL(/\/attendance\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Séance de TP' })).toBeVisible();

  // The code to project: its QR code holds the check-in page's address with a signed token.
  const issued = page.waitForResponse(
    (response) => /\/api\/attendance\/sessions\/\d+\/codes$/.test(response.url()) && response.ok(),
  );
  await page.getByRole('button', { name: fr('attendance.showCode') }).click();
  const { url } = (await (await issued).json()) as { url: string };
  await expect(page.getByRole('img', { name: fr('attendance.qrAlt') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The first student's phone camera opens that address: checked in at once.
  const phones = await Promise.all(
    [0, 1].map(() => browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true })),
  );
  const [scanning, typing] = await Promise.all(phones.map((context) => context.newPage()));
  await signInAs(scanning!, SCANNING);
  await scanning!.goto(new URL(url).pathname + new URL(url).search);
  await expect(scanning!.getByRole('heading', { name: fr('checkIn.done.title') })).toBeVisible();
  await expect(scanning!).toHaveURL('/check-in');
  // They sign the half-day on the phone: here with their name typed (the keyboard's way).
  await scanning!.getByLabel(fr('signaturePad.typed')).fill('Juliette Blanc');
  await scanning!.getByRole('button', { name: fr('checkIn.sign.submit') }).click();
  await expect(scanning!.getByText(/Signé à/)).toBeVisible();

  // The trainer's list fills, and the screen shows a new code: the one used is spent.
  await expect(page.getByText(/Arrivé\(e\) à .* par code/)).toHaveCount(1, { timeout: 15_000 });
  const spent = await post(scanning!, '/api/attendance/check-in', {
    token: new URL(url).searchParams.get('t'),
  });
  expect(spent.status()).toBe(200);
  expect((await spent.json()).already).toBe(true);

  // The second student types the code the screen shows now.
  await signInAs(typing!, TYPING);
  await typing!.goto('/check-in');
  expect(await axeViolations(typing!)).toEqual([]);
  for (let attempt = 0; attempt < 3; attempt++) {
    const shown = (await page.locator('.attendance-code__value').textContent())?.trim() ?? '';
    await typing!.getByLabel(fr('checkIn.code')).fill(shown.toLowerCase());
    await typing!.getByRole('button', { name: fr('checkIn.submit') }).click();
    const done = typing!.getByRole('heading', { name: fr('checkIn.done.title') });
    if (
      await done.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      )
    )
      break;
  }
  await expect(typing!.getByRole('heading', { name: fr('checkIn.done.title') })).toBeVisible();
  await expect(page.getByText(/Arrivé\(e\) à .* par code/)).toHaveCount(2, { timeout: 15_000 });
  // They sign too, with their name typed.
  await typing!.getByLabel(fr('signaturePad.typed')).fill('Rayan Meunier');
  await typing!.getByRole('button', { name: fr('checkIn.sign.submit') }).click();
  await expect(typing!.getByText(/Signé à/)).toBeVisible();

  // The trainer marks the rest present in one action and closes the session.
  await page.getByRole('button', { name: /Tous présents/ }).click();
  await expect(page.getByText(fr('attendance.saved'))).toBeVisible();
  // The trainer signs the session with the mouse, then closes it.
  await page.getByRole('button', { name: fr('attendance.signSession') }).click();
  const pad = page.getByRole('dialog').getByRole('img', { name: fr('attendance.signatureLabel') });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + 30, { steps: 8 });
  await page.mouse.up();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: fr('attendance.sign') })
    .click();
  await expect(page.getByText(fr('attendance.sessionSigned'))).toBeVisible();
  await expect(page.getByText(fr('attendance.signed'), { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: fr('attendance.close') }).click();
  await expect(page.getByText(fr('attendance.closedNote'))).toBeVisible();
  await expect(page.getByRole('img', { name: fr('attendance.qrAlt') })).toHaveCount(0);

  // Closed: a code is no longer accepted.
  const late = await post(typing!, '/api/attendance/check-in', { code: 'ABCDEF' });
  expect(late.status()).toBe(422);
  await Promise.all(phones.map((context) => context.close()));

  // The trainer downloads the signed sheet; its code verifies online, for anyone.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: fr('attendance.sheetPdf') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^feuille-emargement-seance-de-tp-.*\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const sheetUrl = await page
    .getByRole('link', { name: fr('attendance.sheetPdf') })
    .getAttribute('href');
  const code = (await page.request.get(sheetUrl!)).headers()['x-verification-code'];
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
  const auditor = await browser.newContext();
  const verifying = await auditor.newPage();
  await verifying.goto(`/verify/${code}`);
  await expect(verifying.getByText(/Document authentique : feuille d'émargement/)).toBeVisible();
  await expect(verifying.getByText('Séance de TP').first()).toBeVisible();
  await expect(verifying.getByText(/Blanc/).first()).toBeVisible();
  await expect(verifying.getByText(/Meunier/).first()).toBeVisible();
  expect(await axeViolations(verifying)).toEqual([]);
  await auditor.close();
});
