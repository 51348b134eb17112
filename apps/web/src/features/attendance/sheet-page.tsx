import {
  ATTENDANCE_STATUSES,
  type AttendanceSheet,
  type AttendanceStatus,
  CHECK_IN_ROTATION_SECONDS,
  type CheckInCode,
  type HalfDay,
} from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Download,
  Lock,
  LockOpen,
  Maximize,
  MessageSquare,
  PenLine,
  QrCode,
  Trash2,
  UsersRound,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  attendanceSheetKey,
  deleteAttendanceSession,
  issueCheckInCode,
  sessionSheetPdfUrl,
  signOnTrainerDevice,
  updateAttendanceSession,
  useAttendanceSheet,
} from '../../api/attendance.ts';
import { useSession } from '../../api/session.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatDay } from '../../lib/format.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PageError } from '../../ui/page-error.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { SignatureField } from '../../ui/signature-pad.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { Counts, sessionTime } from './parts.tsx';
import { lineKey, type SaveState, useRollCall } from './roll-call.ts';
import './attendance.css';

type Learner = AttendanceSheet['learners'][number];

/** `/attendance/:sessionId`: a session's roll call, fast on a phone and with the keyboard. */
export function AttendanceSheetPage() {
  const { t } = useTranslation();
  const id = Number(useParams().sessionId);
  const [showCode, setShowCode] = useState(false);
  const { data, error, isLoading } = useAttendanceSheet(id, showCode);
  usePageTitle(data?.title ?? t('attendance.title'));
  if (error) return <PageError message={errorMessage(error)} />;
  if (isLoading || !data)
    return (
      <div className="container page attendance-page" aria-busy="true">
        <Skeleton height="3rem" shape="block" />
        <Skeleton height="20rem" shape="block" />
      </div>
    );
  return <Sheet sheet={data} showCode={showCode} setShowCode={setShowCode} />;
}

function Sheet({
  sheet,
  showCode,
  setShowCode,
}: {
  sheet: AttendanceSheet;
  showCode: boolean;
  setShowCode: (shown: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const me = useSession().user?.userId ?? null;
  const [halfDay, setHalfDay] = useState<HalfDay>(sheet.half_days[0] ?? 'am');
  const rollCall = useRollCall(sheet.id, (refusal) =>
    toastError(refusal, t('attendance.saveRefused')),
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: sheet.time_zone }).format(
    new Date(sheet.starts_at),
  );
  const take = sheet.can.take;
  const statusOf = (learner: Learner) =>
    rollCall.pending[lineKey(learner.id, halfDay)]?.status ?? learner.marks[halfDay]?.status;
  const unmarked = sheet.learners.filter((learner) => statusOf(learner) === undefined);
  const setClosed = async (closed: boolean) => {
    try {
      const answer = await updateAttendanceSession(sheet.id, { closed });
      client.setQueryData(attendanceSheetKey(sheet.id), answer);
      if (closed) setShowCode(false);
    } catch (failure) {
      toastError(failure, t('attendance.closeFailed'));
    }
  };
  return (
    <div className="container page attendance-page">
      <PageHeader
        eyebrow={t(`attendance.kind.${sheet.kind}`)}
        title={sheet.title}
        back={{ to: `/attendance?day=${day}`, label: t('attendance.title') }}
        actions={
          <a
            className="button button--ghost button--small"
            href={sessionSheetPdfUrl(sheet.id, i18n.language)}
            download
          >
            <Download size={16} aria-hidden="true" />
            {t('attendance.sheetPdf')}
          </a>
        }
      >
        <p className="attendance-facts">
          {formatDay(day, i18n.language, { dateStyle: 'full' })} ·{' '}
          {sessionTime(sheet, sheet.time_zone, i18n.language)} · {sheet.audience.label}
          {sheet.trainer ? ` · ${sheet.trainer.name}` : ''}
          {sheet.training ? ` · ${sheet.training.title}` : ''}
        </p>
      </PageHeader>
      <div className="attendance-toolbar">
        {sheet.half_days.length > 1 && (
          <fieldset className="attendance-halves">
            <legend className="sr-only">{t('attendance.halfDay')}</legend>
            {sheet.half_days.map((half) => (
              <label key={half} className="attendance-halves__option">
                <input
                  type="radio"
                  name="half-day"
                  value={half}
                  checked={halfDay === half}
                  onChange={() => setHalfDay(half)}
                />
                <span className="attendance-halves__label">{t(`attendance.half.${half}`)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {take && (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={unmarked.length === 0}
            onClick={() =>
              rollCall.set(
                unmarked.map((learner) => ({
                  student_id: learner.id,
                  half_day: halfDay,
                  status: 'present' as const,
                })),
              )
            }
          >
            <UsersRound size={16} aria-hidden="true" />
            {t('attendance.allPresent', { count: unmarked.length })}
          </button>
        )}
        {take && !sheet.closed && (
          <button
            type="button"
            className="button button--ghost button--small"
            aria-expanded={showCode}
            onClick={() => setShowCode(!showCode)}
          >
            <QrCode size={16} aria-hidden="true" />
            {showCode ? t('attendance.hideCode') : t('attendance.showCode')}
          </button>
        )}
        {take && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void setClosed(!sheet.closed)}
          >
            {sheet.closed ? (
              <LockOpen size={16} aria-hidden="true" />
            ) : (
              <Lock size={16} aria-hidden="true" />
            )}
            {sheet.closed ? t('attendance.reopen') : t('attendance.close')}
          </button>
        )}
        {take && sheet.trainer?.id === me && !sheet.trainer_signature && (
          <SignDialog
            sheet={sheet}
            signerId={me}
            halfDay={null}
            label={t('attendance.signSession')}
            title={t('attendance.signSessionTitle', { title: sheet.title })}
          />
        )}
        {sheet.trainer_signature && (
          <span className="attendance-badge">{t('attendance.sessionSigned')}</span>
        )}
        {take && sheet.kind === 'manual' && (
          <ConfirmDialog
            kind="delete"
            subject={sheet.title}
            trigger={
              <button type="button" className="button button--ghost button--small">
                <Trash2 size={16} aria-hidden="true" />
                {t('attendance.delete')}
              </button>
            }
            onConfirm={async () => {
              try {
                await deleteAttendanceSession(sheet.id);
                await client.invalidateQueries({ queryKey: ['attendance', 'sessions'] });
                navigate(`/attendance?day=${day}`);
              } catch (failure) {
                toastError(failure, t('attendance.deleteFailed'));
              }
            }}
          />
        )}
        <SaveStatus state={rollCall.state} waiting={Object.keys(rollCall.pending).length} />
      </div>
      {sheet.closed && <p className="attendance-closed-note">{t('attendance.closedNote')}</p>}
      {showCode && take && !sheet.closed && <CodePanel sheet={sheet} />}
      <Counts counts={sheet.counts} />
      <ul className="attendance-learners" aria-label={t('attendance.learners')}>
        {sheet.learners.map((learner) => (
          <LearnerLine
            key={learner.id}
            learner={learner}
            halfDay={halfDay}
            sheet={sheet}
            status={statusOf(learner)}
            queued={rollCall.pending[lineKey(learner.id, halfDay)]}
            onSet={(line) => rollCall.set([{ student_id: learner.id, half_day: halfDay, ...line }])}
          />
        ))}
      </ul>
      {sheet.learners.length === 0 && (
        <p className="attendance-empty">{t('attendance.noLearner')}</p>
      )}
    </div>
  );
}

function SaveStatus({ state, waiting }: { state: SaveState; waiting: number }) {
  const { t } = useTranslation();
  return (
    <p className={`attendance-save attendance-save--${state}`} role="status" aria-live="polite">
      {state === 'offline'
        ? t('attendance.offline', { count: waiting })
        : state === 'saving'
          ? t('attendance.saving')
          : t('attendance.saved')}
    </p>
  );
}

type LineChange = {
  status: AttendanceStatus;
  late_minutes?: number | null;
  remark?: string | null;
};

/** One learner for the half-day shown: their status, late minutes, a remark, their check-in. */
function LearnerLine({
  learner,
  halfDay,
  sheet,
  status,
  queued,
  onSet,
}: {
  learner: Learner;
  halfDay: HalfDay;
  sheet: AttendanceSheet;
  status: AttendanceStatus | undefined;
  queued: { late_minutes?: number | null; remark?: string | null } | undefined;
  onSet: (line: LineChange) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const mark = learner.marks[halfDay];
  const lateMinutes = queued?.late_minutes ?? mark?.late_minutes ?? null;
  const remark = queued?.remark !== undefined ? queued.remark : (mark?.remark ?? null);
  const [remarkOpen, setRemarkOpen] = useState(Boolean(remark));
  const name = `${learner.first_name} ${learner.last_name}`;
  const take = sheet.can.take;
  const choose = (next: AttendanceStatus) =>
    onSet({
      status: next,
      late_minutes: next === 'late' ? (lateMinutes ?? 5) : null,
      remark,
    });
  const time = new Intl.DateTimeFormat(i18n.language, {
    timeStyle: 'short',
    timeZone: sheet.time_zone,
  });
  return (
    <li className={`attendance-learner${status ? ` attendance-learner--${status}` : ''}`}>
      <div className="attendance-learner__who">
        <span className="attendance-learner__name">{name}</span>
        {mark?.source === 'check_in' && mark.checked_in_at && (
          <span className="attendance-learner__checkin">
            {t('attendance.checkedInAt', { time: time.format(new Date(mark.checked_in_at)) })}
          </span>
        )}
      </div>
      <fieldset className="attendance-statuses" disabled={!take}>
        <legend className="sr-only">{t('attendance.statusOf', { name })}</legend>
        {ATTENDANCE_STATUSES.map((option) => (
          <label key={option} className={`attendance-status attendance-status--${option}`}>
            <input
              type="radio"
              name={`${id}-status`}
              value={option}
              checked={status === option}
              onChange={() => choose(option)}
            />
            <span className="attendance-status__label">{t(`attendance.status.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="attendance-learner__more">
        {status === 'late' && (
          <label className="attendance-late">
            <span>{t('attendance.lateMinutes')}</span>
            <input
              type="number"
              className="field__input"
              min={1}
              max={1440}
              inputMode="numeric"
              disabled={!take}
              defaultValue={lateMinutes ?? 5}
              key={`${halfDay}-${lateMinutes}`}
              onBlur={(event) => {
                const minutes = Math.round(Number(event.target.value));
                if (minutes >= 1 && minutes <= 1440 && minutes !== lateMinutes)
                  onSet({ status: 'late', late_minutes: minutes, remark });
              }}
            />
          </label>
        )}
        {learner.signatures[halfDay] ? (
          <span className="attendance-badge attendance-badge--signed">
            {learner.signatures[halfDay]!.corrected
              ? t('attendance.signedCorrected')
              : t('attendance.signed')}
          </span>
        ) : (
          take &&
          (mark?.status === 'present' || mark?.status === 'late') && (
            <SignDialog
              sheet={sheet}
              signerId={learner.id}
              halfDay={halfDay}
              label={t('attendance.handToSign')}
              title={t('attendance.signFor', { name })}
            />
          )
        )}
        {take && !remarkOpen && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setRemarkOpen(true)}
          >
            <MessageSquare size={14} aria-hidden="true" />
            {t('attendance.addRemark')}
          </button>
        )}
        {(remarkOpen || (!take && remark)) && (
          <label className="attendance-remark">
            <span className="sr-only">{t('attendance.remarkFor', { name })}</span>
            <input
              className="field__input"
              maxLength={500}
              disabled={!take}
              placeholder={t('attendance.remark')}
              defaultValue={remark ?? ''}
              key={`${halfDay}-${remark}`}
              onBlur={(event) => {
                const next = event.target.value.trim() || null;
                if (next !== remark && status)
                  onSet({
                    status,
                    late_minutes: status === 'late' ? lateMinutes : null,
                    remark: next,
                  });
              }}
            />
          </label>
        )}
      </div>
    </li>
  );
}

/**
 * The check-in code to project: a QR code and its six characters, a new one every
 * CHECK_IN_ROTATION_SECONDS and as soon as one is used (a learner's check-in appears in the
 * roll call, polled meanwhile).
 */
function CodePanel({ sheet }: { sheet: AttendanceSheet }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<CheckInCode | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const checkedIn = sheet.learners.filter(
    (learner) => learner.marks.am?.source === 'check_in' || learner.marks.pm?.source === 'check_in',
  ).length;
  const checkIns = sheet.learners.reduce(
    (sum, learner) =>
      sum + (learner.marks.am?.checked_in_at ? 1 : 0) + (learner.marks.pm?.checked_in_at ? 1 : 0),
    0,
  );
  // A new code at once, then at each rotation and after each check-in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `checkIns` is the trigger.
  useEffect(() => {
    let live = true;
    const next = () =>
      issueCheckInCode(sheet.id).then(
        (answer) => live && setCode(answer),
        (failure) => live && toastError(failure, t('attendance.codeFailed')),
      );
    void next();
    const timer = setInterval(() => void next(), CHECK_IN_ROTATION_SECONDS * 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [sheet.id, checkIns, t]);
  return (
    <div className="card attendance-code" ref={panel}>
      <div className="attendance-code__body">
        {code ? (
          <>
            <img
              className="attendance-code__qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.qr_svg)}`}
              alt={t('attendance.qrAlt')}
            />
            <p className="attendance-code__text">
              <span className="attendance-code__label">{t('attendance.orType')}</span>
              <span className="attendance-code__value" aria-live="off">
                {code.code}
              </span>
            </p>
          </>
        ) : (
          <Skeleton width="16rem" height="16rem" shape="block" />
        )}
      </div>
      <div className="attendance-code__foot">
        <p role="status" aria-live="polite">
          {t('attendance.checkedInCount', { count: checkedIn, total: sheet.learners.length })}
        </p>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void panel.current?.requestFullscreen?.()}
        >
          <Maximize size={16} aria-hidden="true" />
          {t('attendance.fullScreen')}
        </button>
      </div>
    </div>
  );
}

/**
 * A signature drawn on this device: a learner's for the half-day (the trainer's phone passed
 * around), or the trainer's own for the session (`halfDay` null).
 */
function SignDialog({
  sheet,
  signerId,
  halfDay,
  label,
  title,
}: {
  sheet: AttendanceSheet;
  signerId: number | null;
  halfDay: HalfDay | null;
  label: string;
  title: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [image, setImage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (signerId === null) return null;
  return (
    <FormDialog
      title={title}
      trigger={
        <button type="button" className="button button--ghost button--small">
          <PenLine size={14} aria-hidden="true" />
          {label}
        </button>
      }
    >
      {(close) => (
        <form
          className="form attendance-sign"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!image) {
              setFailure(t('attendance.signEmpty'));
              return;
            }
            setSending(true);
            setFailure(null);
            try {
              const answer = await signOnTrainerDevice(sheet.id, {
                signer_id: signerId,
                half_day: halfDay,
                image,
              });
              client.setQueryData(attendanceSheetKey(sheet.id), answer);
              close();
            } catch (error) {
              setFailure(errorMessage(error));
            } finally {
              setSending(false);
            }
          }}
        >
          <SignatureField label={t('attendance.signatureLabel')} onChange={setImage} />
          {failure && <Notice kind="error">{failure}</Notice>}
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={close}>
              {t('confirm.cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={sending}>
              {t('attendance.sign')}
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
