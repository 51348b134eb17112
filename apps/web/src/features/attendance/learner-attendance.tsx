import { zodResolver } from '@hookform/resolvers/zod';
import { type AttendanceTotals, attendanceSummaryQuery } from '@skolar/shared';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  learnerCertificatePdfUrl,
  learnerSheetPdfUrl,
  useLearnerAttendance,
} from '../../api/attendance.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { formatMinutesAsHours, formatRate } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { BelowBadge, ThresholdNote } from './rate-parts.tsx';
import './attendance.css';

/** The days of a summary, `YYYY-MM-DD` each. */
interface Period {
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A day on the reader's own calendar (local time), `YYYY-MM-DD`. */
const localDay = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The month `months` after the one of `day` (a `YYYY-MM-DD`, or today), first to last day. */
function monthPeriod(months = 0, day?: string): Period {
  const [year, month] = day ? day.split('-').map(Number) : [];
  const base = year && month ? new Date(year, month - 1, 1) : new Date();
  const first = new Date(base.getFullYear(), base.getMonth() + months, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0);
  return { from: localDay(first), to: localDay(last) };
}

const COUNTED = ['present', 'late', 'absent', 'excused'] as const;

/** A 422 on the period's fields: its messages go under them (applyServerErrors). */
const refusesPeriod = (failure: unknown) =>
  failure instanceof ApiError &&
  failure.status === 422 &&
  Object.keys(failure.errors ?? {}).some((field) => field === 'from' || field === 'to');

/**
 * A learner's attendance on their page for staff (`/students/:id`, composed by the app): over a
 * period (the current month at first), per training and in all, hours attended of hours planned,
 * the rate and the half-days per status, with the attendance sheet of the period and each
 * training's certificate of attendance (PDF, in the interface's language). A training's threshold
 * shows under its name, and a rate under it is flagged. Nothing shows when the API refuses the
 * reader (403).
 */
export function LearnerAttendance({ studentId }: { studentId: number }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const language = i18n.language;
  const {
    register,
    watch,
    setValue,
    trigger,
    setError,
    formState: { errors },
  } = useForm<Period>({
    resolver: zodResolver(attendanceSummaryQuery),
    mode: 'onChange',
    defaultValues: monthPeriod(),
  });
  const from = watch('from');
  const to = watch('to');
  // The period asked: the last one the fields held that passes the API's own checks.
  const [period, setPeriod] = useState<Period>({ from, to });
  useEffect(() => {
    let live = true;
    void trigger().then((valid) => {
      if (live && valid) setPeriod({ from, to });
    });
    return () => {
      live = false;
    };
  }, [from, to, trigger]);
  const { data, error, isFetching } = useLearnerAttendance(studentId, period.from, period.to);
  // A period the API refuses (422): its messages under the fields.
  useEffect(() => {
    if (error) applyServerErrors(error, setError, ['from', 'to']);
  }, [error, setError]);
  if (error instanceof ApiError && error.status === 403) return null;

  const moveTo = (next: Period) => {
    setValue('from', next.from, { shouldDirty: true });
    setValue('to', next.to, { shouldDirty: true });
  };
  const documentQuery = (trainingId?: number) => ({
    from: period.from,
    to: period.to,
    trainingId,
    locale: language,
  });
  const hours = (totals: AttendanceTotals) =>
    t('attendance.summary.hoursValue', {
      attended: formatMinutesAsHours(totals.attended_minutes, language),
      planned: formatMinutesAsHours(totals.planned_minutes, language),
    });
  const cells = (totals: AttendanceTotals, certificate: ReactNode, below = false) => (
    <>
      <td className="learner-attendance__num">{totals.sessions}</td>
      <td className="learner-attendance__num">{totals.half_days}</td>
      <td className="learner-attendance__num">{hours(totals)}</td>
      <td className="learner-attendance__num">
        {totals.rate === null ? '—' : formatRate(totals.rate, language)}
        {below && <BelowBadge />}
      </td>
      {COUNTED.map((status) => (
        <td key={status} className="learner-attendance__num">
          {totals.counts[status]}
        </td>
      ))}
      <td>{certificate}</td>
    </>
  );
  const certificateLink = (label: string, trainingId?: number) => (
    <a
      className="learner-attendance__link"
      href={learnerCertificatePdfUrl(studentId, documentQuery(trainingId))}
      download
      aria-label={label}
    >
      <Download size={14} aria-hidden="true" />
      {t('attendance.summary.certificate')}
    </a>
  );
  const range = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);

  return (
    <section className="learner-attendance" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('attendance.summary.title')}</h2>
      <p className="attendance-facts">{t('attendance.summary.hint')}</p>
      <div className="card learner-attendance__body">
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
                error={errors.from}
                {...register('from')}
              />
              <TextField
                type="date"
                label={t('attendance.fields.to')}
                error={errors.to}
                {...register('to')}
              />
            </div>
          </fieldset>
          <div className="learner-attendance__months">
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => moveTo(monthPeriod(-1, from))}
            >
              <ChevronLeft size={16} aria-hidden="true" />
              {t('attendance.summary.previousMonth')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => moveTo(monthPeriod())}
            >
              {t('attendance.summary.thisMonth')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => moveTo(monthPeriod(1, from))}
            >
              {t('attendance.summary.nextMonth')}
              <ChevronRight size={16} aria-hidden="true" />
            </button>
          </div>
        </form>
        {error ? (
          refusesPeriod(error) ? null : error instanceof ApiError && error.status === 404 ? (
            <Notice kind="info">{t('attendance.summary.notVisible')}</Notice>
          ) : (
            <Notice kind="error">{errorMessage(error)}</Notice>
          )
        ) : !data ? (
          <div aria-busy="true">
            <Skeleton height="8rem" shape="block" />
          </div>
        ) : (
          <>
            <p className="learner-attendance__documents">
              <a
                className="button button--ghost button--small"
                href={learnerSheetPdfUrl(studentId, documentQuery())}
                download
              >
                <Download size={16} aria-hidden="true" />
                {t('attendance.sheetPdf')}
              </a>
            </p>
            {data.trainings.length === 0 ? (
              <p className="attendance-empty">{t('attendance.summary.empty')}</p>
            ) : (
              <div className="learner-attendance__scroll" aria-busy={isFetching || undefined}>
                <table className="learner-attendance__table">
                  <caption className="sr-only">
                    {t('attendance.summary.caption', {
                      name: `${data.student.first_name} ${data.student.last_name}`,
                      period: range.formatRange(noon(data.from), noon(data.to)),
                    })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('attendance.summary.columns.training')}</th>
                      <th scope="col" className="learner-attendance__num">
                        {t('attendance.summary.columns.sessions')}
                      </th>
                      <th scope="col" className="learner-attendance__num">
                        {t('attendance.summary.columns.halfDays')}
                      </th>
                      <th scope="col" className="learner-attendance__num">
                        {t('attendance.summary.columns.hours')}
                      </th>
                      <th scope="col" className="learner-attendance__num">
                        {t('attendance.summary.columns.rate')}
                      </th>
                      {COUNTED.map((status) => (
                        <th key={status} scope="col" className="learner-attendance__num">
                          {t(`attendance.status.${status}`)}
                        </th>
                      ))}
                      <th scope="col">{t('attendance.summary.columns.certificate')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.trainings.map((row) => (
                      <tr key={row.training?.id ?? 'none'}>
                        <th scope="row">
                          {row.training?.title ?? t('attendance.summary.noTraining')}
                          {row.training?.threshold != null && (
                            <ThresholdNote threshold={row.training.threshold} />
                          )}
                        </th>
                        {cells(
                          row,
                          row.training ? (
                            certificateLink(
                              t('attendance.summary.certificateFor', {
                                training: row.training.title,
                              }),
                              row.training.id,
                            )
                          ) : (
                            // A certificate without a training counts every session: it is the
                            // Total row's, not this one's.
                            <>
                              <span aria-hidden="true">—</span>
                              <span className="sr-only">
                                {t('attendance.summary.noCertificate')}
                              </span>
                            </>
                          ),
                          row.below,
                        )}
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('attendance.summary.total')}</th>
                      {cells(data.total, certificateLink(t('attendance.summary.certificateAll')))}
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
