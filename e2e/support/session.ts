import { expect, type Page } from '@playwright/test';
import { text } from './i18n.ts';

/** Signs in through the login form (French interface, the default) and waits for the dashboard. */
export async function signInAs(page: Page, email: string, password = 'Skolar#2026') {
  await page.goto('/login');
  await page.getByLabel(text('fr', 'auth.login.email')).fill(email);
  await page.getByLabel(text('fr', 'auth.login.password')).fill(password);
  await page.getByRole('button', { name: text('fr', 'auth.login.submit') }).click();
  await expect(page).toHaveURL('/dashboard');
}
