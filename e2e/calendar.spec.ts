import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);

interface Entry {
  kind: string;
  event_id: number | null;
  title: string;
  starts_at: string;
  ends_at: string;
  all_day: boolean;
}

/** The day an instant falls on in the demo institution's zone (Paris). */
const parisDay = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(instant));

/** The signed-in user's entries around a day, as the API answers them. */
async function entriesAround(page: Page, day: string): Promise<Entry[]> {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - 40 * 86_400_000).toISOString();
  const end = new Date(Date.parse(`${day}T00:00:00Z`) + 40 * 86_400_000).toISOString();
  const answer = await page.request.get(
    `/api/events?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
  );
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { entries: Entry[] }).entries;
}

/**
 * Presses the mouse at a point of one element (`at`: its fractions of width and height) and
 * releases it low in another (below the entries a day may already show), in small steps.
 */
async function dragBetween(page: Page, from: Locator, to: Locator, at = { x: 0.5, y: 0.5 }) {
  // The toasts of the previous change sit over the days' corner: wait for them to go.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const x = a.x + a.width * at.x;
  const y = a.y + a.height * at.y;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height * 0.85, { steps: 12 });
  await page.mouse.up();
}

test('a teacher creates an event by selecting days, drags it, resizes it, toggles the weekends and deletes it; every change holds after a reload', async ({
  page,
}) => {
  const title = `Conseil pédagogique ${Date.now()}`;
  await signInAs(page, 'teacher@uni.skolar.test');
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: fr('calendar.title') })).toBeVisible();

  // The month view: six weeks from Monday; the second row lies wholly in the month shown.
  const cells = page.locator('[role="cell"][data-date]');
  await expect(cells).toHaveCount(42);
  const days = await cells.evaluateAll((all) => all.map((cell) => cell.getAttribute('data-date')!));
  const [tuesday, wednesday, thursday, friday, saturday] = days.slice(8, 13) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const cell = (day: string) => page.locator(`[role="cell"][data-date="${day}"]`);

  // Selecting Tuesday to Wednesday offers to create an all-day event on those days.
  await dragBetween(page, cell(tuesday), cell(wednesday), { x: 0.5, y: 0.85 });
  const dialog = page.getByRole('dialog', { name: fr('calendar.new') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(fr('calendar.fields.allDay'))).toBeChecked();
  await dialog.getByLabel(fr('calendar.fields.title')).fill(title);
  await dialog.getByRole('button', { name: fr('calendar.save') }).click();
  await expect(dialog).toBeHidden();
  const event = page.locator('.calendar-kind--event', { hasText: title });
  await expect(event).toBeVisible();
  let saved = (await entriesAround(page, tuesday)).find((entry) => entry.title === title);
  expect(saved).toMatchObject({ kind: 'event', all_day: true });
  expect(parisDay(saved!.starts_at)).toBe(tuesday);
  expect(parisDay(saved!.ends_at)).toBe(thursday);

  // Dragged from Tuesday to Thursday: it keeps its two days.
  await dragBetween(page, event, cell(thursday), { x: 0.1, y: 0.5 });
  await expect
    .poll(async () => {
      const moved = (await entriesAround(page, tuesday)).find((entry) => entry.title === title);
      return moved && [parisDay(moved.starts_at), parisDay(moved.ends_at)];
    })
    .toEqual([thursday, saturday]);

  // Resized by its end to Saturday: three days.
  await event.hover();
  const resizer = event.locator(':scope > div').last();
  await dragBetween(page, resizer, cell(saturday));
  await expect
    .poll(async () => {
      const resized = (await entriesAround(page, tuesday)).find((entry) => entry.title === title);
      return resized && [parisDay(resized.starts_at), parisDay(resized.ends_at)];
    })
    .toEqual([thursday, days[13]]);

  // The weekends toggle hides Saturday and Sunday, and brings them back.
  const weekends = page.getByLabel(fr('calendar.weekends'));
  await weekends.uncheck();
  await expect(cell(saturday)).toHaveCount(0);
  await expect(cell(friday)).toBeVisible();
  await weekends.check();
  await expect(cell(saturday)).toBeVisible();

  // After a reload the event is where it was left.
  await page.reload();
  await expect(event).toBeVisible();
  saved = (await entriesAround(page, tuesday)).find((entry) => entry.title === title);
  expect(parisDay(saved!.starts_at)).toBe(thursday);

  // Clicking it opens it; deleting asks the spec's confirmation first.
  await event.click();
  const details = page.getByRole('dialog', { name: title });
  await details.getByRole('button', { name: fr('calendar.delete') }).click();
  const confirm = page.getByRole('alertdialog', { name: fr('confirm.delete') });
  await confirm.getByRole('button', { name: fr('confirm.confirm') }).click();
  await expect(event).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: fr('calendar.title') })).toBeVisible();
  await expect(cells).toHaveCount(42);
  await expect(event).toHaveCount(0);
  expect((await entriesAround(page, tuesday)).some((entry) => entry.title === title)).toBe(false);
});

test("a student's planning shows the exam open today, which leads to its page", async ({
  page,
}) => {
  await signInAs(page, 'student@uni.skolar.test');
  await page.goto('/student-planning');
  await expect(
    page.getByRole('heading', { level: 1, name: fr('calendar.planning.title') }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: fr('calendar.legend') })).toContainText(
    fr('calendar.kinds.exam'),
  );
  const exam = page.locator('.calendar-kind--exam', { hasText: 'Contrôle continu : complexité' });
  await expect(exam.first()).toBeVisible();
  await exam.first().click();
  await expect(page).not.toHaveURL(/student-planning/);
});

/** The serious and critical accessibility violations of what the page shows now. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  for (const [path, email] of [
    ['/calendar', 'teacher@uni.skolar.test'],
    ['/student-planning', 'student@uni.skolar.test'],
  ] as const) {
    test(`${path} has no serious or critical accessibility violation, in every view (${theme})`, async ({
      page,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await signInAs(page, email);
      await page.goto(path);
      const views = page.locator('.calendar-frame [role="tab"]');
      await expect(views.first()).toBeVisible();
      for (let view = 0; view < (await views.count()); view += 1) {
        await views.nth(view).click();
        await expect(views.nth(view)).toHaveAttribute('aria-selected', 'true');
        await page.waitForLoadState('networkidle');
        expect(await blockingViolations(page), await views.nth(view).innerText()).toEqual([]);
      }
    });
  }
}

test('a day with nothing planned still scrolls from the keyboard, and breaks no rule', async ({
  page,
}) => {
  // Whatever today holds: the range answers no entry (the institution's zone kept).
  await page.route('**/api/events?**', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { time_zone: string };
    await route.fulfill({ response: answer, json: { time_zone: body.time_zone, entries: [] } });
  });
  await signInAs(page, 'teacher@uni.skolar.test');
  await page.goto('/calendar');
  const views = page.locator('.calendar-frame [role="tab"]');
  await views.nth(2).click();
  await expect(views.nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.waitForLoadState('networkidle');
  expect(await blockingViolations(page)).toEqual([]);

  // The day's hours are a scrolling box: its cell takes the focus and the arrow keys scroll it.
  const cell = page.locator('.calendar-frame [role="cell"][tabindex="0"]').first();
  await cell.focus();
  await expect(cell).toBeFocused();
  const scroller = async () =>
    cell.evaluate((element) => {
      let box = element.parentElement;
      while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
      return box?.scrollTop ?? -1;
    });
  const before = await scroller();
  await page.keyboard.press('PageDown');
  await expect.poll(scroller).toBeGreaterThan(before);
});
