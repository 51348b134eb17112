import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3131';
const out = process.env.OUT ?? '/tmp/wt3shots';
const shots = JSON.parse(process.argv[2]);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const s of shots) {
  const context = await browser.newContext({ viewport: { width: s.width ?? 1280, height: s.height ?? 900 } });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error', s.name, m.text()); });
  await page.goto(base + '/');
  await page.evaluate(([theme, locale]) => { localStorage.setItem('theme', theme); if (locale) localStorage.setItem('locale', locale); }, [s.theme ?? 'light', s.locale]);
  if (s.login) {
    await page.goto(base + '/login');
    await page.locator('input[type=email]').fill(s.login);
    await page.locator('input[type=password]').fill('Skolar#2026');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/dashboard');
  }
  await page.goto(base + s.path);
  await page.waitForTimeout(s.wait ?? 1200);
  await page.screenshot({ path: `${out}/${s.name}.png`, fullPage: s.full ?? true });
  await context.close();
}
await browser.close();
