import {
  type AttendanceTotals,
  attendancePeriodQuery,
  type PromotionAttendance as PromotionAttendanceWire,
  type TrainingAttendance,
} from '@skolar/shared';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePromotionAttendance } from '../../api/attendance.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatMinutesAsHours, formatRate } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { RoleLink } from '../../ui/role-link.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { BelowBadge, formatPeriod, ThresholdNote } from './rate-parts.tsx';
import '../../ui/cohorts.css';
import './attendance.css';

/** The days typed, `YYYY-MM-DD` or empty (the API's default: the academic year so far). */
interface PeriodFields {
  from: string;
  to: string;
}

type Training = NonNullable<TrainingAttendance['training']>;

/** A column of the table: a training found in the answer, or the sessions without one (null). */
interface Column {
  key: string;
  training: Training | null;
}

const columnKey = (training: Training | null) => (training ? String(training.id) : 'none');

/**
 * The trainings any learner has a row in, in the API's order (by title, the sessions without a
 * training last): one column each.
 */
function columnsOf(answer: PromotionAttendanceWire): Column[] {
  const found = new Map<string, Column>();
  for (const learner of answer.learners)
    for (const row of learner.trainings)
      found.set(columnKey(row.training), {
        key: columnKey(row.training),
        training: row.training,
      });
  return [...found.values()].sort((a, b) =>
    a.training === null
      ? 1
      : b.training === null
        ? -1
        : a.training.title.localeCompare(b.training.title),
  );
}

/**
 * The fields' own checks (the API's: days, in order, a year at most): the period to ask when they
 * pass, else the messages (catalogue keys) under them. An empty field is left to the API.
 */
function checkPeriod(fields: PeriodFields): {
  asked: { from?: string; to?: string } | null;
  errors: Partial<Record<keyof PeriodFields, FieldError>>;
} {
  const asked = { from: fields.from || undefined, to: fields.to || undefined };
  const checked = attendancePeriodQuery.safeParse(asked);
  if (checked.success) return { asked, errors: {} };
  const errors: Partial<Record<keyof PeriodFields, FieldError>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field])
      errors[field] = { type: 'validate', message: issue.message };
  }
  return { asked: null, errors };
}

/**
 * A promotion's attendance on its page (staff, composed by the app): each learner's rate per
 * training and in all over a period (the academic year so far at first), hours attended of hours
 * planned on the sessions the reader sees, and who is under the training's threshold. Nothing
 * shows when the API refuses the reader (403).
 */
export function PromotionAttendance({ promotionId }: { promotionId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleId = useId();
  const [fields, setFields] = useState<PeriodFields>({ from: '', to: '' });
  // The period asked: the last one the fields held that passes the API's own checks.
  const [asked, setAsked] = useState<{ from?: string; to?: string }>({});
  const { errors } = checkPeriod(fields);
  const change = (next: PeriodFields) => {
    setFields(next);
    const checked = checkPeriod(next);
    if (checked.asked) setAsked(checked.asked);
  };
  const { data, error, isFetching } = usePromotionAttendance(promotionId, asked.from, asked.to);
  if (error instanceof ApiError && error.status === 403) return null;
  // A period the API refuses (a 422 on a day): its message under the field, the table kept.
  const refused = error instanceof ApiError && error.status === 422 ? error.errors : undefined;
  const serverError = (field: keyof PeriodFields): FieldError | undefined => {
    const message = refused?.[field]?.[0];
    return message ? { type: 'server', message } : undefined;
  };

  const hours = (totals: AttendanceTotals) =>
    t('attendance.summary.hoursValue', {
      attended: formatMinutesAsHours(totals.attended_minutes, language),
      planned: formatMinutesAsHours(totals.planned_minutes, language),
    });
  const rateCell = (totals: AttendanceTotals, below = false) => (
    <div className="attendance-cell">
      <span className="attendance-cell__rate">
        {totals.rate === null ? '—' : formatRate(totals.rate, language)}
      </span>
      <span className="attendance-cell__hours">{hours(totals)}</span>
      {below && <BelowBadge />}
    </div>
  );
  const columns = data ? columnsOf(data) : [];
  const period = data ? formatPeriod(data.from, data.to, language) : '';

  return (
    <section className="card cohort-section promotion-attendance" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('attendance.summary.title')}</h2>
      <p className="cohort-muted">{t('attendance.summary.hint')}</p>
      <form
        className="learner-attendance__period"
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <fieldset>
          <legend className="sr-only">{t('attendance.summary.period')}</legend>
          <div className="learner-attendance__days">
            <TextField
              type="date"
              label={t('attendance.fields.from')}
              value={fields.from}
              error={errors.from ?? serverError('from')}
              onChange={(event) => change({ ...fields, from: event.target.value })}
            />
            <TextField
              type="date"
              label={t('attendance.fields.to')}
              value={fields.to}
              error={errors.to ?? serverError('to')}
              onChange={(event) => change({ ...fields, to: event.target.value })}
            />
          </div>
        </fieldset>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!fields.from && !fields.to && !asked.from && !asked.to}
          onClick={() => change({ from: '', to: '' })}
        >
          <RotateCcw size={16} aria-hidden="true" />
          {t('attendance.promotion.reset')}
        </button>
      </form>
      {data && (
        <p className="cohort-muted" aria-live="polite">
          {t(asked.from || asked.to ? 'attendance.rates.period' : 'attendance.rates.yearSoFar', {
            period,
          })}
        </p>
      )}
      {error && !refused ? (
        <Notice kind="error">{errorMessage(error)}</Notice>
      ) : !data ? (
        error ? null : (
          <div aria-busy="true">
            <Skeleton height="8rem" shape="block" />
          </div>
        )
      ) : data.learners.length === 0 ? (
        <p className="cohort-empty">{t('attendance.promotion.noLearners')}</p>
      ) : columns.length === 0 ? (
        <p className="cohort-empty">{t('attendance.summary.empty')}</p>
      ) : (
        <div className="learner-attendance__scroll" aria-busy={isFetching || undefined}>
          <table className="learner-attendance__table promotion-attendance__table">
            <caption className="sr-only">
              {t('attendance.promotion.caption', { name: data.promotion.name, period })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('attendance.promotion.learner')}</th>
                {columns.map(({ key, training }) => (
                  <th key={key} scope="col" className="learner-attendance__num">
                    {training?.title ?? t('attendance.summary.noTraining')}
                    {training?.threshold != null && (
                      <ThresholdNote threshold={training.threshold} />
                    )}
                  </th>
                ))}
                <th scope="col" className="learner-attendance__num">
                  {t('attendance.summary.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.learners.map(({ student, trainings, total }) => (
                <tr key={student.id}>
                  <th scope="row">
                    <RoleLink to={`/students/${student.id}`} className="cohort-link">
                      {student.last_name} {student.first_name}
                    </RoleLink>
                  </th>
                  {columns.map(({ key }) => {
                    const row = trainings.find((one) => columnKey(one.training) === key);
                    return (
                      <td key={key} className="learner-attendance__num">
                        {row ? (
                          rateCell(row, row.below)
                        ) : (
                          <>
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">{t('attendance.promotion.noSession')}</span>
                          </>
                        )}
                      </td>
                    );
                  })}
                  <td className="learner-attendance__num">
                    {total.sessions === 0 ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">{t('attendance.summary.empty')}</span>
                      </>
                    ) : (
                      rateCell(total)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
