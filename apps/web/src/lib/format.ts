// How numbers, years, hours, dates and sizes read on screen, in one place (decision 99). Each
// takes the active i18n language; `Intl` does the language's conventions (a French month or day
// name stays lower-case: "lun. 23 novembre"), so no text is capitalised or assembled by hand.

/** Hours as the language abbreviates them: "40 h", "40 hr", "40 Std." (not on catalogue cards). */
export function formatHours(hours: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
  }).format(hours);
}

const YEARS = /^(\d{4})-(\d{4})$/;

/** An academic year (`2026-2027`) as a range of years: "2026–2027", "2026 – 2027" in English. */
export function formatAcademicYear(year: string, language: string): string {
  const match = YEARS.exec(year);
  if (!match) return year;
  const format = new Intl.DateTimeFormat(language, { year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(Date.UTC(Number(match[1]), 8, 1), Date.UTC(Number(match[2]), 8, 1));
}

/**
 * The academic year to show beside a promotion's name, or null when the name already says it
 * (the demo's "Licence Informatique L3 2026-2027"): a year is read once on a screen.
 */
export function promotionYear(
  promotion: { name: string; academic_year: string },
  language: string,
): string | null {
  const year = formatAcademicYear(promotion.academic_year, language);
  const named = promotion.name.includes(promotion.academic_year) || promotion.name.includes(year);
  return named ? null : year;
}

/** A promotion as one line, its year said once: "Promo Lovelace · 2026–2027". */
export function formatPromotion(
  promotion: { name: string; academic_year: string },
  language: string,
): string {
  const year = promotionYear(promotion, language);
  return year ? `${promotion.name} · ${year}` : promotion.name;
}

/**
 * A calendar day (`YYYY-MM-DD`, the API's `date` columns) as a date: it is read at noon UTC and
 * written in UTC, so the reader's own zone never moves it to the day before.
 */
export function formatDay(
  day: string,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 10)}T12:00:00Z`),
  );
}

/** An instant (an ISO timestamp) on the reader's clock: "23 nov. 2026, 09:05" by default. */
export function formatInstant(
  iso: string,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return new Intl.DateTimeFormat(language, options).format(new Date(iso));
}

const KIB = 1024;
const MIB = KIB * KIB;

/**
 * A file size in binary units, as the upload limits are set (2 MB is 2 × 1024 × 1024 bytes) and
 * as the language abbreviates them: "2 Mo", "2 MB", "850 ko".
 */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= MIB ? [bytes / MIB, 'megabyte'] : [bytes / KIB, 'kilobyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  }).format(Math.max(value, 0.1));
}

/** A fraction as a percentage of the reader's language: 0.25 → "25 %" in French, "25%" in English. */
export function formatPercent(fraction: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
    fraction,
  );
}

/**
 * Minutes as hours of the reader's language, to the hundredth: 750 → "12,5 h", "12.5 hr",
 * "12,5 Std." (the hours attended and planned of the attendance documents).
 */
export function formatMinutesAsHours(minutes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(minutes / 60);
}

/** A rate (0 to 1) as the attendance documents print it, to the tenth: 0.8929 → "89,3 %". */
export function formatRate(rate: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(
    rate,
  );
}

/** A number as the reader's language writes it, every decimal kept: 9.81 → "9,81" in French. */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 10 }).format(value);
}

/** A delay in the reader's language, to the minute: "45 min", "2 h 5 min", "1 j 3 h" (decision 195). */
export function formatDelay(minutes: number, language: string): string {
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(
      value,
    );
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0)
    return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  return hours > 0
    ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`
    : unit(minutes, 'minute');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;

/**
 * An instant as how long ago (or ahead) it is, in the reader's language: "à l’instant",
 * "il y a 5 min", "il y a 3 h", "hier", "il y a 4 jours"; beyond a week, its date ("20 nov. 2026").
 * The notifications' times; `now` is the reader's clock (a test gives its own).
 */
export function formatRelative(iso: string, language: string, now: number = Date.now()): string {
  const elapsed = Date.parse(iso) - now;
  const distance = Math.abs(elapsed);
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  if (distance < MINUTE) return relative.format(0, 'second');
  if (distance < HOUR) return relative.format(Math.trunc(elapsed / MINUTE), 'minute');
  if (distance < DAY_MS) return relative.format(Math.trunc(elapsed / HOUR), 'hour');
  if (distance < 7 * DAY_MS) return relative.format(Math.trunc(elapsed / DAY_MS), 'day');
  return formatInstant(iso, language, { dateStyle: 'medium' });
}
