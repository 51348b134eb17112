import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AttendanceSessionBody,
  type AttendanceSessionSummary,
  attendanceSessionBody,
  roleMay,
} from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ClipboardPen, Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  attendanceCsvUrl,
  createAttendanceSession,
  openAttendanceSession,
  useAttendanceSessions,
} from '../../api/attendance.ts';
import { useGroupOptions } from '../../api/groups.ts';
import { usePromotionOptions } from '../../api/promotions.ts';
import { useSession } from '../../api/session.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { formatDay, formatPromotion } from '../../lib/format.ts';
import { DialogFormActions } from '../../ui/dialog-actions.tsx';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { DialogButton } from '../../ui/form-dialog.tsx';
import { PageError } from '../../ui/page-error.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { JustificationsReview } from './justifications-review.tsx';
import { Counts, sessionTime } from './parts.tsx';
import './attendance.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day after or before (`YYYY-MM-DD`), counted in UTC so that no zone moves it. */
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** `/attendance`: the sessions of a day the staff member sees, to take their roll call. */
export function AttendancePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('attendance.title'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('day');
  const role = useSession().user?.role;
  const { data, error, isLoading } = useAttendanceSessions(asked && DAY.test(asked) ? asked : null);
  const navigate = useNavigate();
  const day = data?.from ?? (asked && DAY.test(asked) ? asked : null);
  const goTo = (next: string | null) => {
    const search = new URLSearchParams(params);
    if (next) search.set('day', next);
    else search.delete('day');
    setParams(search);
  };
  const [opening, setOpening] = useState<string | null>(null);
  const takeRollCall = async (session: AttendanceSessionSummary) => {
    if (session.id !== null) {
      navigate(`/attendance/${session.id}`);
      return;
    }
    setOpening(session.key);
    try {
      const opened = await openAttendanceSession(session.key);
      navigate(`/attendance/${opened.id}`);
    } catch (failure) {
      toastError(failure, t('attendance.openFailed'));
    } finally {
      setOpening(null);
    }
  };
  return (
    <div className="container page attendance-page">
      <PageHeader
        eyebrow={t('attendance.eyebrow')}
        title={t('attendance.title')}
        actions={
          <>
            <DialogButton label={t('attendance.export')}>
              {() => <ExportForm day={day} />}
            </DialogButton>
            <DialogButton label={t('attendance.newSession')} primary>
              {(close) => <NewSessionForm day={day} close={close} />}
            </DialogButton>
          </>
        }
      />
      <nav className="attendance-days" aria-label={t('attendance.dayNav')}>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!day}
          onClick={() => day && goTo(shift(day, -1))}
        >
          <ChevronLeft size={16} aria-hidden="true" />
          {t('attendance.previousDay')}
        </button>
        <label className="attendance-days__pick">
          <span className="sr-only">{t('attendance.day')}</span>
          <input
            type="date"
            className="field__input"
            value={day ?? ''}
            onChange={(event) => goTo(DAY.test(event.target.value) ? event.target.value : null)}
          />
        </label>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!day}
          onClick={() => day && goTo(shift(day, 1))}
        >
          {t('attendance.nextDay')}
          <ChevronRight size={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => goTo(null)}
        >
          {t('attendance.today')}
        </button>
      </nav>
      {error ? (
        <PageError message={errorMessage(error)} />
      ) : isLoading || !data ? (
        <div className="attendance-list" aria-busy="true">
          <Skeleton height="5rem" shape="block" />
          <Skeleton height="5rem" shape="block" />
        </div>
      ) : (
        <section aria-labelledby="attendance-day">
          <h2 id="attendance-day" className="attendance-day-title">
            {formatDay(data.from, i18n.language, { dateStyle: 'full' })}
          </h2>
          {data.sessions.length === 0 ? (
            <p className="attendance-empty">{t('attendance.noSession')}</p>
          ) : (
            <ul className="attendance-list">
              {data.sessions.map((session) => (
                <li key={session.key} className="card attendance-session">
                  <div className="attendance-session__main">
                    <p className="attendance-session__time">
                      {sessionTime(session, data.time_zone, i18n.language)}
                      <span className="attendance-session__kind">
                        {t(`attendance.kind.${session.kind}`)}
                      </span>
                      {session.closed && (
                        <span className="attendance-badge attendance-badge--closed">
                          {t('attendance.closed')}
                        </span>
                      )}
                    </p>
                    <h3 className="attendance-session__title">{session.title}</h3>
                    <p className="attendance-session__meta">
                      {session.audience.label}
                      {session.trainer ? ` · ${session.trainer.name}` : ''}
                    </p>
                    {session.id !== null && <Counts counts={session.counts} />}
                  </div>
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={opening === session.key}
                    aria-label={t('attendance.takeFor', { title: session.title })}
                    onClick={() => void takeRollCall(session)}
                  >
                    <ClipboardPen size={16} aria-hidden="true" />
                    {session.id === null ? t('attendance.take') : t('attendance.see')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {/* Admins and super-teachers decide on the learners' justifications; never asked for others. */}
      {role && roleMay(role, 'update', 'justification') && <JustificationsReview />}
    </div>
  );
}

/** A session created by hand, for a promotion or a group, on a day and between two times. */
function NewSessionForm({ day, close }: { day: string | null; close: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const promotions = usePromotionOptions();
  const groups = useGroupOptions();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AttendanceSessionBody>({
    resolver: zodResolver(attendanceSessionBody),
    defaultValues: {
      title: '',
      audience: 'promotion',
      audience_id: 0,
      day: day ?? '',
      start_time: '09:00',
      end_time: '12:00',
    },
  });
  const audience = watch('audience');
  const onSubmit = handleSubmit(async (body) => {
    try {
      const created = await createAttendanceSession(body);
      await client.invalidateQueries({ queryKey: ['attendance'] });
      close();
      navigate(`/attendance/${created.id}`);
    } catch (failure) {
      if (
        !applyServerErrors(failure, setError, [
          'title',
          'audience',
          'audience_id',
          'day',
          'start_time',
          'end_time',
        ])
      )
        toastError(failure, t('attendance.createFailed'));
    }
  });
  return (
    <form className="form attendance-form" onSubmit={onSubmit} noValidate>
      <TextField label={t('attendance.fields.title')} error={errors.title} {...register('title')} />
      <SelectField
        label={t('attendance.fields.audience')}
        error={errors.audience}
        {...register('audience')}
      >
        <option value="promotion">{t('attendance.audience.promotion')}</option>
        <option value="group">{t('attendance.audience.group')}</option>
      </SelectField>
      <SelectField
        label={t(`attendance.audience.${audience}`)}
        error={errors.audience_id}
        {...register('audience_id', { valueAsNumber: true })}
      >
        <option value={0}>{t('attendance.choose')}</option>
        {audience === 'promotion'
          ? promotions.data?.map((promotion) => (
              <option key={promotion.id} value={promotion.id}>
                {formatPromotion(promotion, i18n.language)}
              </option>
            ))
          : groups.data?.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
      </SelectField>
      <TextField
        type="date"
        label={t('attendance.fields.day')}
        error={errors.day}
        {...register('day')}
      />
      <div className="attendance-form__times">
        <TextField
          type="time"
          label={t('attendance.fields.start')}
          error={errors.start_time}
          {...register('start_time')}
        />
        <TextField
          type="time"
          label={t('attendance.fields.end')}
          error={errors.end_time}
          {...register('end_time')}
        />
      </div>
      <DialogFormActions pending={isSubmitting} submitLabel={t('attendance.create')} />
    </form>
  );
}

/** The CSV of a range of days: every line of the sessions opened in it. */
function ExportForm({ day }: { day: string | null }) {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState(day ?? '');
  const [to, setTo] = useState(day ?? '');
  const days = DAY.test(from) && DAY.test(to);
  const tooLong = days && Date.parse(to) - Date.parse(from) > 62 * 86_400_000;
  const valid = days && from <= to && !tooLong;
  return (
    <div className="form attendance-form">
      <p className="attendance-facts">{t('attendance.exportHelp')}</p>
      <div className="attendance-form__times">
        <TextField
          type="date"
          label={t('attendance.fields.from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          type="date"
          label={t('attendance.fields.to')}
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <div className="dialog__actions">
        {valid ? (
          <a
            className="button button--primary"
            href={attendanceCsvUrl(from, to, i18n.language)}
            download
          >
            <Download size={16} aria-hidden="true" />
            {t('attendance.download')}
          </a>
        ) : (
          <p className="field__error">
            {t(tooLong ? 'attendance.validation.rangeTooLong' : 'attendance.validation.range')}
          </p>
        )}
      </div>
    </div>
  );
}
