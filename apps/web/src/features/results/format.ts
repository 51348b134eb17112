/** A grade as the language writes it, two decimals at most (14,5 in French). */
export function formatGrade(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** An instant on the institution's wall clock, date and time. */
export function formatWhen(iso: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}
