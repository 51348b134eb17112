import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttendanceAlerts } from '../../api/attendance.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatMinutesAsHours, formatRate } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { formatPeriod, ThresholdNote } from './rate-parts.tsx';
import './attendance.css';

/** The learners a dashboard lists at most; the rest are counted, with the way to the sessions. */
export const ALERTS_SHOWN = 8;

/**
 * The staff's dashboard card (composed by the app): the learners under their training's
 * attendance threshold this academic year, on the sessions the reader sees, lowest rate first,
 * each with the training, the rate and the threshold. Nothing shows when the API refuses the
 * reader (403).
 */
export function AttendanceAlerts() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleId = useId();
  const { data, error } = useAttendanceAlerts();
  if (error instanceof ApiError && error.status === 403) return null;
  const shown = data?.alerts.slice(0, ALERTS_SHOWN) ?? [];
  const more = (data?.alerts.length ?? 0) - shown.length;

  return (
    <section
      className="card attendance-panel"
      aria-labelledby={titleId}
      aria-busy={(!data && !error) || undefined}
    >
      <h2 id={titleId}>
        <TriangleAlert size={18} aria-hidden="true" />
        {t('attendance.alerts.title')}
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
          {shown.length === 0 ? (
            <p className="attendance-panel__muted">{t('attendance.alerts.empty')}</p>
          ) : (
            <ul className="attendance-rates" aria-labelledby={titleId}>
              {shown.map((alert) => (
                <li key={`${alert.student.id}-${alert.training.id}`}>
                  <span className="attendance-rates__name">
                    <RoleLink
                      to={`/students/${alert.student.id}`}
                      className="attendance-rates__link"
                    >
                      {alert.student.first_name} {alert.student.last_name}
                    </RoleLink>
                    <span className="attendance-threshold">{alert.training.title}</span>
                  </span>
                  <span className="attendance-rates__value">
                    <strong>{formatRate(alert.rate, language)}</strong>
                    <ThresholdNote threshold={alert.threshold} />
                    <span className="attendance-cell__hours">
                      {t('attendance.summary.hoursValue', {
                        attended: formatMinutesAsHours(alert.attended_minutes, language),
                        planned: formatMinutesAsHours(alert.planned_minutes, language),
                      })}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {more > 0 && (
            <p className="attendance-panel__muted">
              {t('attendance.alerts.more', { count: more })}
            </p>
          )}
          <p className="attendance-panel__more">
            <RoleLink otherwise="nothing" to="/attendance">
              {t('attendance.alerts.link')}
            </RoleLink>
          </p>
        </>
      )}
    </section>
  );
}
