import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/format.ts';

// Attendance rates against a training's threshold (decision 199): the pieces the learner's page,
// the promotion's page, the dashboards and the learner's own attendance show alike.

/** A threshold (a whole percentage) as the reader's language writes it: 80 → "80 %". */
export const formatThreshold = (threshold: number, language: string) =>
  formatPercent(threshold / 100, language);

/** "seuil 80 %": a training's threshold beside its name. */
export function ThresholdNote({ threshold }: { threshold: number }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="attendance-threshold">
      {t('attendance.rates.threshold', { value: formatThreshold(threshold, i18n.language) })}
    </span>
  );
}

/** The flag of a rate under its training's threshold: a word and an icon, never colour alone. */
export function BelowBadge() {
  const { t } = useTranslation();
  return (
    <span className="attendance-below">
      <TriangleAlert size={14} aria-hidden="true" />
      {t('attendance.rates.below')}
    </span>
  );
}

/** The days a rate covers, `YYYY-MM-DD` each, as a range of the reader's language. */
export function formatPeriod(from: string, to: string, language: string) {
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
    noon(from),
    noon(to),
  );
}
