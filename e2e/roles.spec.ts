import { expect, type Page, request, test } from '@playwright/test';
import { DEMO_PASSWORD, type Role } from '@skolar/shared';
import { text } from './support/i18n.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);

/** Each role's menu as the spec's 'Navigation chrome' writes it: label key and address. */
const ACCOUNTS: ReadonlyArray<{ role: Role; email: string; menu: [string, string][] }> = [
  {
    role: 'student',
    email: 'student@uni.skolar.test',
    menu: [
      ['trainings', '/student/trainings'],
      ['seminars', '/student/seminars'],
      ['evaluations', '/list-evaluations'],
      ['check-in', '/check-in'],
      ['announcements', '/announcements'],
      ['discussions', '/discussions'],
      ['messages', '/messages'],
    ],
  },
  {
    role: 'teacher',
    email: 'teacher@uni.skolar.test',
    menu: [
      ['subjects', '/subjects'],
      ['groups', '/groups'],
      ['evaluations', '/evaluations'],
      ['attendance', '/attendance'],
      ['announcements', '/announcements'],
      ['discussions', '/discussions'],
      ['messages', '/messages'],
    ],
  },
  {
    role: 'super-teacher',
    email: 'superteacher@uni.skolar.test',
    menu: [
      ['promotions', '/promotions'],
      ['subjects', '/subjects'],
      ['groups', '/groups'],
      ['evaluations', '/evaluations'],
      ['attendance', '/attendance'],
      ['announcements', '/announcements'],
      ['discussions', '/discussions'],
      ['messages', '/messages'],
    ],
  },
  {
    role: 'admin',
    email: 'admin@uni.skolar.test',
    menu: [
      ['programs', '/programs'],
      ['promotions', '/promotions'],
      ['students', '/students'],
      ['teachers', '/teachers'],
      ['modules', '/modules'],
      ['evaluations', '/evaluations'],
      ['attendance', '/attendance'],
      ['announcements', '/announcements'],
      ['discussions', '/discussions'],
      ['messages', '/messages'],
      ['audit', '/audit'],
    ],
  },
  {
    role: 'super-admin',
    email: 'superadmin@skolar.test',
    menu: [
      ['institutions', '/institutions'],
      ['programs', '/programs'],
      ['courses', '/trainings'],
      ['users', '/users'],
      ['modules', '/modules'],
      ['audit', '/audit'],
    ],
  },
];

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(fr('auth.login.email')).fill(email);
  await page.getByLabel(fr('auth.login.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: fr('auth.login.submit') }).click();
  await expect(page).toHaveURL('/dashboard');
}

for (const account of ACCOUNTS) {
  test(`${account.role} signs in and sees the role menu and a dashboard with counts`, async ({
    page,
  }) => {
    await signIn(page, account.email);
    const roleMenu = page.getByRole('navigation', { name: fr('chrome.roleMenu') });
    const links = roleMenu.getByRole('link');
    await expect(links).toHaveText(account.menu.map(([key]) => fr(`menu.${key}`)));
    for (const [index, [, href]] of account.menu.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', href);
    }
    const calendar = page.getByRole('banner').getByRole('link', { name: fr('chrome.calendar') });
    await expect(calendar).toHaveCount(account.role === 'student' ? 0 : 1);
    // The dashboard counts come from the API.
    const counts = page.locator('.dashboard__count');
    await expect(counts).toHaveCount(4);
    await expect(counts.first().locator('dd')).toHaveText(/^\d+$/);
  });
}

test('a student gets the institution colour, no Calendar link, and next evaluations', async ({
  page,
}) => {
  await signIn(page, 'student@uni.skolar.test');
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
  );
  expect(primary.toUpperCase()).toBe('#1F5F8B');
  await expect(
    page.getByRole('banner').getByRole('link', { name: fr('chrome.calendar') }),
  ).toHaveCount(0);
  await expect(page.getByRole('heading', { name: fr('dashboard.upcoming') })).toBeVisible();
});

test('a student and an admin, who may not open /institutions, are sent away from it silently', async ({
  page,
}) => {
  await signIn(page, 'student@uni.skolar.test');
  await page.goto('/institutions');
  // Sent to /, which sends a signed-in user on to the dashboard.
  await expect(page).toHaveURL('/dashboard');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin@uni.skolar.test');
  await page.goto('/institutions');
  await expect(page).toHaveURL('/dashboard');
});

test('an expired session sends the user to /login with the expiry message', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'student@uni.skolar.test');
  const session = (await page.context().cookies()).find((c) => c.name === '__Host-skolar_session');
  expect(session).toBeDefined();
  // The session ends on the server (as after an idle timeout): revoke it with the bearer token.
  const api = await request.newContext({ baseURL });
  const revoked = await api.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${session?.value}` },
  });
  expect(revoked.status()).toBe(204);
  await api.dispose();

  await page.reload();
  await expect(page).toHaveURL(/\/login\?error_message=/);
  await expect(page.getByText(fr('auth.sessionExpired'))).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('a signed-in user finds the contact form prefilled and sends it', async ({ page }) => {
  await signIn(page, 'student@uni.skolar.test');
  const info = await (await page.request.get('/api/auth/info')).json();
  await page.goto('/contact');
  await expect(
    page.getByRole('heading', { level: 1, name: fr('public.contact.heading') }),
  ).toBeVisible();
  await expect(page.getByLabel(fr('public.contact.firstName'), { exact: true })).toHaveValue(
    info.first_name,
  );
  await expect(page.getByLabel(fr('public.contact.email'), { exact: true })).toHaveValue(
    info.email,
  );
  await expect(page.getByRole('button', { name: fr('public.contact.cancel') })).toBeVisible();
  await page.getByLabel(fr('public.contact.need'), { exact: true }).selectOption({
    label: fr('public.contact.needs.support'),
  });
  await page.getByLabel(fr('public.contact.object'), { exact: true }).fill('Accès au cours');
  await page
    .getByLabel(fr('public.contact.message'), { exact: true })
    .fill('Je ne vois pas le chapitre 3.');
  await page.getByRole('button', { name: fr('public.contact.send') }).click();
  await expect(
    page.getByText('Votre message a bien été envoyé. Nous vous répondrons rapidement.'),
  ).toBeVisible();
});
