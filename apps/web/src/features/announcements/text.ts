// What an announcement's screens compute from its values: its card's anchor, the instant of
// "publish later" typed on the reader's clock, and the first words of its text for the dashboard.

/** The element id of an announcement's card: `/announcements#announcement-12` leads to it. */
export const announcementAnchor = (id: number) => `announcement-${id}`;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An instant as the browser's clock writes it, with its offset: "2026-11-23T09:30:00+01:00". */
function withOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset);
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
  );
}

/**
 * A `datetime-local` field's value ("2026-11-23T09:30"), read on the browser's clock, as the
 * instant the API takes (ISO with its offset), or null when it is not a day and time. A time the
 * clock skips (the hour of the change to summer time) lands one hour later, as the browser reads it.
 */
export function instantOfLocal(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(year, month - 1, day, hour, minute, second);
  // Refuses what the Date would roll over (the 31st of November, 25:00).
  if (hour > 23 || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return withOffset(date);
}

/** An instant as a `datetime-local` field shows it on the browser's clock: "2026-11-23T09:30". */
export function localOfInstant(iso: string): string {
  const date = new Date(iso);
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The browser's time zone (its name, e.g. "Europe/Paris"), in which "publish later" is read. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Block elements whose end separates words in the text (a paragraph, a heading, an item…). */
const BLOCK_END = /<(?:br|hr|\/(?:p|h[1-6]|li|blockquote|pre|tr|td|th|div))\b[^>]*>/gi;

/**
 * The words of a sanitised rich text, without its tags, one space between blocks. Parsed as an
 * inert document (nothing runs, nothing loads).
 */
export function plainText(html: string): string {
  const spaced = html.replace(BLOCK_END, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** The start of a text, at most `max` characters, cut at a word and ended by "…" when cut. */
export function excerpt(text: string, max = 180): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}
