import { expect, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const t = (key: string, values?: Record<string, string>) => text('fr', key, values);
const NEWCOMER = 'newcomer@uni.skolar.test';
const STRONG = 'Bienvenue#2026x';
const NEWER = 'Autre#Secret42';

interface DevMail {
  template: string;
  subject: string;
  links: string[];
}

/**
 * The newest mail of a template to the address, from the development mailbox. A reset or
 * verification link is written by the outbox worker, a moment after the request: poll for it.
 */
async function mailLink(page: Page, template: string): Promise<string> {
  let mail: DevMail | undefined;
  await expect(async () => {
    const response = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(NEWCOMER)}`);
    expect(response.ok()).toBe(true);
    mail = ((await response.json()) as DevMail[]).find((m) => m.template === template);
    expect(mail, `a ${template} mail`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  // The mail carries PUBLIC_URL's host; follow the same path on the test server.
  const link = new URL(mail!.links[0]!);
  return `${link.pathname}${link.search}`;
}

test('an invited user verifies, resets a forgotten password, signs in, and sees an expired session', async ({
  page,
  context,
}) => {
  // 1. The invitation link of the demo's newcomer: verify the address and choose a password.
  await page.goto(await mailLink(page, 'invitation'));
  await expect(
    page.getByRole('heading', { level: 1, name: t('account.verify.activateTitle') }),
  ).toBeVisible();
  await page.getByLabel(t('account.fields.newPassword'), { exact: true }).fill(STRONG);
  await page.getByLabel(t('account.fields.confirmPassword'), { exact: true }).fill(STRONG);
  await page.getByRole('button', { name: t('account.verify.activate') }).click();
  await expect(page).toHaveURL(/\/login\?message=/);
  await expect(page.getByRole('status')).toContainText('Votre compte est activé');

  // 2. Forgot the password: ask for a reset link.
  await page.goto(`/forgot-password?email=${encodeURIComponent(NEWCOMER)}`);
  await expect(page.getByLabel(t('account.fields.email'), { exact: true })).toHaveValue(NEWCOMER);
  await page.getByRole('button', { name: t('account.forgot.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: '60 minutes' })).toBeVisible();

  // 3. A weak password is refused with the rule's message; a strong one is accepted.
  await page.goto(await mailLink(page, 'reset-password'));
  await expect(
    page.getByRole('heading', { level: 1, name: t('account.reset.title') }),
  ).toBeVisible();
  await page.getByLabel(t('account.fields.newPassword'), { exact: true }).fill('motdepasse');
  await page.getByLabel(t('account.fields.confirmPassword'), { exact: true }).fill('motdepasse');
  await page.getByRole('button', { name: t('account.reset.submit') }).click();
  await expect(page.getByText(t('account.rules.password'))).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\//);
  await page.getByLabel(t('account.fields.newPassword'), { exact: true }).fill(NEWER);
  await page.getByLabel(t('account.fields.confirmPassword'), { exact: true }).fill(NEWER);
  await page.getByRole('button', { name: t('account.reset.submit') }).click();
  await expect(page).toHaveURL(/\/login\?message=/);

  // 4. The old password no longer works; the new one does.
  await page.getByLabel(t('auth.login.email'), { exact: true }).fill(NEWCOMER);
  await page.getByLabel(t('auth.login.password'), { exact: true }).fill(STRONG);
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel(t('auth.login.password'), { exact: true }).fill(NEWER);
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expect(page).toHaveURL('/dashboard');

  // 5. The session ends (its cookie is gone): the next page sends them to /login with the message.
  await context.clearCookies();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?error_message=/);
  await expect(page.getByRole('alert')).toHaveText(t('auth.sessionExpired'));
});

test('the settings page lists the sessions and saves the preferences', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(t('auth.login.email'), { exact: true }).fill('teacher@uni.skolar.test');
  await page.getByLabel(t('auth.login.password'), { exact: true }).fill('Skolar#2026');
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/settings');
  await expect(page.getByText(t('account.sessions.current'))).toBeVisible();
  await page.getByLabel(t('account.settings.theme'), { exact: true }).selectOption('dark');
  await page.getByRole('button', { name: t('account.settings.save') }).click();
  await expect(page.getByText(t('account.settings.saved'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // My information: saving asks for the password first (step-up), then applies.
  await page.goto('/profile-details');
  await page.getByLabel(t('account.fields.firstName'), { exact: true }).fill('Tom');
  await page.getByRole('button', { name: t('account.profile.save') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t('stepUp.password'), { exact: true }).fill('Skolar#2026');
  await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
  await expect(page.getByText(t('account.profile.saved'))).toBeVisible();
  const info = await (await page.request.get('/api/auth/info')).json();
  expect(info.first_name).toBe('Tom');
});

test('signing out another device asks the password again, and that device is signed out', async ({
  page,
  browser,
}) => {
  const phone = await (await browser.newContext()).newPage();
  await signInAs(phone, 'teacher@uni.skolar.test');
  await signInAs(page, 'teacher@uni.skolar.test');
  await page.goto('/settings');
  const others = page
    .locator('.session-item')
    .filter({ hasNot: page.getByText(t('account.sessions.current')) });
  await expect(others.first()).toBeVisible();

  // One other session: the password first, then it ends.
  const before = await others.count();
  await others.first().getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('account.sessions.stepUp'));
  await dialog.getByLabel(t('stepUp.password'), { exact: true }).fill('Skolar#2026');
  await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
  await expect(page.getByText(t('account.sessions.ended'))).toBeVisible();
  await expect(others).toHaveCount(before - 1);

  // All the others: a wrong password is refused in the dialog, the right one ends them.
  if (before > 1) {
    await page.getByRole('button', { name: t('account.sessions.endOthers') }).click();
    await dialog.getByLabel(t('stepUp.password'), { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
    // The API's own message, in the interface language.
    await expect(dialog.getByText('Mot de passe incorrect.')).toBeVisible();
    await dialog.getByLabel(t('stepUp.password'), { exact: true }).fill('Skolar#2026');
    await dialog.getByRole('button', { name: t('stepUp.confirm') }).click();
    await expect(others).toHaveCount(0);
  }
  await expect(page.getByText(t('account.sessions.current'))).toBeVisible();
  await phone.goto('/settings');
  await expect(phone).toHaveURL(/\/login\?error_message=/);
  await phone.context().close();
});

for (const locale of ['en', 'de'] as const) {
  test(`the password screens speak ${locale}, and so do the API's answers`, async ({ page }) => {
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await page.goto('/forgot-password?email=nobody%40example.test');
    await expect(
      page.getByRole('heading', { level: 1, name: text(locale, 'account.forgot.title') }),
    ).toBeVisible();
    await page.getByRole('button', { name: text(locale, 'account.forgot.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: '60' })).toBeVisible();
    await page.goto('/reset-password/not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText(text(locale, 'account.reset.invalid'));
  });
}

test('a signed-in student asks the support for help and is told it was sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(t('auth.login.email'), { exact: true }).fill('student@school.skolar.test');
  await page.getByLabel(t('auth.login.password'), { exact: true }).fill('Skolar#2026');
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/support');
  // The form starts from the account's details.
  await expect(page.getByLabel(t('public.contact.email'), { exact: true })).toHaveValue(
    'student@school.skolar.test',
  );
  await page.getByLabel(t('public.contact.object'), { exact: true }).fill('Accès au cours');
  await page
    .getByLabel(t('public.contact.message'), { exact: true })
    .fill('Je ne trouve pas le support du cours de mercredi.');
  await page.getByRole('button', { name: t('public.contact.send') }).click();
  // The API's own confirmation, in French.
  await expect(page.getByText('Votre message a bien été envoyé', { exact: false })).toBeVisible();
  const mail = await (await page.request.get('/api/dev/mail?to=student@school.skolar.test')).json();
  expect(JSON.stringify(mail)).toContain('Accès au cours');
});
