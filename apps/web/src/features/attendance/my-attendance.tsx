import type { AttendanceTotals } from '@skolar/shared';
import { TriangleAlert, UserCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyAttendance } from '../../api/attendance.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatMinutesAsHours, formatRate } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { BelowBadge, formatPeriod, formatThreshold, ThresholdNote } from './rate-parts.tsx';
import './attendance.css';

/**
 * The learner's own attendance (on their dashboard, composed by the app, and on /check-in): the
 * academic year so far, the rate per training with its threshold, and a warning for each training
 * whose rate is under it. `link` adds the way to the check-in page (on the dashboard). Nothing
 * shows when the API refuses the reader (403).
 */
export function MyAttendance({ link = false }: { link?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleId = useId();
  const { data, error } = useMyAttendance();
  if (error instanceof ApiError && error.status === 403) return null;

  const hours = (totals: AttendanceTotals) =>
    t('attendance.summary.hoursValue', {
      attended: formatMinutesAsHours(totals.attended_minutes, language),
      planned: formatMinutesAsHours(totals.planned_minutes, language),
    });
  const rate = (totals: AttendanceTotals) =>
    totals.rate === null ? '—' : formatRate(totals.rate, language);
  const value = (totals: AttendanceTotals, below = false) => (
    <span className="attendance-rates__value">
      <strong>{rate(totals)}</strong>
      <span className="attendance-cell__hours">{hours(totals)}</span>
      {below && <BelowBadge />}
    </span>
  );

  return (
    <section
      className="card attendance-panel"
      aria-labelledby={titleId}
      aria-busy={(!data && !error) || undefined}
    >
      <h2 id={titleId}>
        <UserCheck size={18} aria-hidden="true" />
        {t('attendance.mine.title')}
      </h2>
      {error ? (
        <p className="notice notice--error">{errorMessage(error)}</p>
      ) : !data ? (
        <Skeleton height="5rem" shape="block" />
      ) : (
        <>
          <p className="attendance-panel__muted">
            {t('attendance.rates.period', {
              period: formatPeriod(data.from, data.to, language),
            })}
          </p>
          {data.trainings.map((row) =>
            row.below && row.training?.threshold != null && row.rate !== null ? (
              <p key={row.training.id} className="notice notice--error attendance-warning">
                <TriangleAlert size={18} aria-hidden="true" />
                <span>
                  {t('attendance.mine.warning', {
                    training: row.training.title,
                    rate: formatRate(row.rate, language),
                    threshold: formatThreshold(row.training.threshold, language),
                  })}
                </span>
              </p>
            ) : null,
          )}
          {data.trainings.length === 0 ? (
            <p className="attendance-panel__muted">{t('attendance.mine.empty')}</p>
          ) : (
            <ul className="attendance-rates" aria-labelledby={titleId}>
              {data.trainings.map((row) => (
                <li key={row.training?.id ?? 'none'}>
                  <span className="attendance-rates__name">
                    {row.training?.title ?? t('attendance.summary.noTraining')}
                    {row.training?.threshold != null && (
                      <ThresholdNote threshold={row.training.threshold} />
                    )}
                  </span>
                  {value(row, row.below)}
                </li>
              ))}
              {data.trainings.length > 1 && (
                <li className="attendance-rates__total">
                  <span className="attendance-rates__name">{t('attendance.summary.total')}</span>
                  {value(data.total)}
                </li>
              )}
            </ul>
          )}
          <p className="attendance-panel__muted attendance-panel__small">
            {t('attendance.mine.hint')}
          </p>
          {link && (
            <p className="attendance-panel__more">
              <RoleLink otherwise="nothing" to="/check-in">
                {t('attendance.mine.link')}
              </RoleLink>
            </p>
          )}
        </>
      )}
    </section>
  );
}
