import type {
  AttendanceTotals,
  PrintedAttendanceCertificate,
  PrintedAttendanceSheet,
} from '@skolar/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatMinutesAsHours, formatRate } from '../../lib/format.ts';
import '../../ui/cohorts.css';
import './transcript.css';

// What a verified attendance document printed (issue 32): an attendance sheet (one session with
// all its learners, or one learner's sessions over a period) or a certificate of attendance. No
// signature image is published: each signature is its time and the SHA-256 of what was signed.

type Session = PrintedAttendanceSheet['sessions'][number];
type Line = Session['lines'][number];
type Signature = NonNullable<Line['signature']>;

const COUNTED = ['present', 'late', 'absent', 'excused', 'unmarked'] as const;

/** The instants of a document in its institution's zone, in the reader's language. */
function useZoned(zone: string) {
  const { i18n } = useTranslation();
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: zone });
  const day = format({ dateStyle: 'full' });
  const time = format({ timeStyle: 'short' });
  const instant = format({ dateStyle: 'medium', timeStyle: 'short' });
  return {
    day: (iso: string) => day.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
    instant: (iso: string) => instant.format(new Date(iso)),
  };
}

/** "du 1 nov. 2026 au 30 nov. 2026": the period of a document (calendar days). */
function usePeriod(from: string, to: string): string {
  const { t, i18n } = useTranslation();
  return t('transcript.verify.attendance.periodValue', {
    from: formatDay(from, i18n.language),
    to: formatDay(to, i18n.language),
  });
}

/** An attendance sheet as printed: who and when, each session's lines, and the totals. */
export function AttendanceSheetView({ sheet }: { sheet: PrintedAttendanceSheet }) {
  const { t } = useTranslation();
  const period = usePeriod(sheet.from, sheet.to);
  return (
    <div className="transcript attendance-document">
      <section
        className="card attendance-document__summary"
        aria-label={t('transcript.verify.attendance.summary')}
      >
        <dl className="transcript-facts">
          <div>
            <dt>{t('transcript.institution')}</dt>
            <dd>{sheet.institution.name}</dd>
          </div>
          {sheet.learner && (
            <div>
              <dt>{t('transcript.verify.attendance.learner')}</dt>
              <dd>{`${sheet.learner.first_name} ${sheet.learner.last_name}`}</dd>
            </div>
          )}
          <div>
            <dt>{t('transcript.verify.attendance.period')}</dt>
            <dd>{period}</dd>
          </div>
          <div>
            <dt>{t('transcript.verify.attendance.timeZone')}</dt>
            <dd>{sheet.institution.time_zone}</dd>
          </div>
        </dl>
        {sheet.totals && <Totals totals={sheet.totals} />}
      </section>
      {sheet.sessions.length === 0 ? (
        <p className="card transcript-empty">{t('transcript.verify.attendance.noSession')}</p>
      ) : (
        sheet.sessions.map((session) => (
          <SessionCard
            key={`${session.starts_at}|${session.title}`}
            session={session}
            zone={sheet.institution.time_zone}
          />
        ))
      )}
      <p className="transcript-muted attendance-document__note">
        {t('transcript.verify.attendance.fingerprintNote')}
      </p>
    </div>
  );
}

/** One session of a sheet: its facts, then a line per learner and half-day, then its trainer. */
function SessionCard({ session, zone }: { session: Session; zone: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const at = useZoned(zone);
  const columns = {
    learner: t('transcript.verify.attendance.columns.learner'),
    halfDay: t('transcript.verify.attendance.columns.halfDay'),
    status: t('transcript.verify.attendance.columns.status'),
    checkedIn: t('transcript.verify.attendance.columns.checkedIn'),
    signature: t('transcript.verify.attendance.columns.signature'),
  };
  return (
    <section
      className="card transcript-subject attendance-document__session"
      aria-labelledby={headingId}
    >
      <header className="transcript-subject__head">
        <h3 id={headingId}>{session.title}</h3>
        <span className="badge">
          {session.closed_at
            ? t('transcript.verify.attendance.closedOn', { date: at.instant(session.closed_at) })
            : t('transcript.verify.attendance.open')}
        </span>
      </header>
      <dl className="transcript-facts attendance-document__facts">
        <div>
          <dt>{t('transcript.columns.date')}</dt>
          <dd>
            {at.day(session.starts_at)}, {at.time(session.starts_at)} – {at.time(session.ends_at)}
          </dd>
        </div>
        <div>
          <dt>{t('transcript.verify.attendance.training')}</dt>
          <dd>{session.training ?? t('transcript.verify.attendance.noTraining')}</dd>
        </div>
        <div>
          <dt>{t('transcript.verify.attendance.audience')}</dt>
          <dd>{session.audience}</dd>
        </div>
        <div>
          <dt>{t('transcript.verify.attendance.trainer')}</dt>
          <dd>{session.trainer ?? '—'}</dd>
        </div>
      </dl>
      {session.lines.length === 0 ? (
        <p className="transcript-muted">{t('transcript.verify.attendance.noLine')}</p>
      ) : (
        <table className="transcript-table attendance-document__lines">
          <caption className="sr-only">
            {t('transcript.verify.attendance.linesOf', { title: session.title })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{columns.learner}</th>
              <th scope="col">{columns.halfDay}</th>
              <th scope="col">{columns.status}</th>
              <th scope="col">{columns.checkedIn}</th>
              <th scope="col">{columns.signature}</th>
            </tr>
          </thead>
          <tbody>
            {session.lines.map((line) => (
              <tr key={`${line.last_name}|${line.first_name}|${line.half_day}`}>
                <th scope="row" data-label={columns.learner}>
                  {`${line.first_name} ${line.last_name}`}
                </th>
                <td data-label={columns.halfDay}>
                  {t(`transcript.verify.attendance.half.${line.half_day}`)}
                </td>
                <td data-label={columns.status}>
                  <span className={`attendance-document__status--${line.status}`}>
                    {line.status === 'late' && line.late_minutes !== null
                      ? t('transcript.verify.attendance.status.lateMinutes', {
                          minutes: line.late_minutes,
                        })
                      : t(`transcript.verify.attendance.status.${line.status}`)}
                  </span>
                </td>
                <td data-label={columns.checkedIn}>
                  {line.checked_in_at ? at.time(line.checked_in_at) : '—'}
                </td>
                <td data-label={columns.signature}>
                  <SignatureText signature={line.signature} zone={zone} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="attendance-document__trainer">
        <strong>{t('transcript.verify.attendance.trainerSignature')}</strong>{' '}
        <SignatureText signature={session.trainer_signature} zone={zone} />
      </p>
    </section>
  );
}

/** When a signature was made and the SHA-256 of the statement signed, or "not signed". */
function SignatureText({ signature, zone }: { signature: Signature | null; zone: string }) {
  const { t } = useTranslation();
  const at = useZoned(zone);
  if (!signature)
    return <span className="transcript-muted">{t('transcript.verify.attendance.notSigned')}</span>;
  return (
    <span className="attendance-document__signature">
      <span>
        {t('transcript.verify.attendance.signedAt', { date: at.instant(signature.signed_at) })}
      </span>
      <span className="attendance-document__hash">
        <span className="transcript-muted">{t('transcript.verify.attendance.sha256')}</span>{' '}
        <code>{signature.statement_sha256}</code>
      </span>
    </span>
  );
}

/** A certificate of attendance as printed: who, which training and period, hours and rate. */
export function AttendanceCertificateView({
  certificate,
}: {
  certificate: PrintedAttendanceCertificate;
}) {
  const { t } = useTranslation();
  const period = usePeriod(certificate.from, certificate.to);
  return (
    <div className="transcript attendance-document">
      <section
        className="card attendance-document__summary"
        aria-label={t('transcript.verify.attendance.summary')}
      >
        <dl className="transcript-facts">
          <div>
            <dt>{t('transcript.institution')}</dt>
            <dd>{certificate.institution.name}</dd>
          </div>
          <div>
            <dt>{t('transcript.verify.attendance.learner')}</dt>
            <dd>{`${certificate.learner.first_name} ${certificate.learner.last_name}`}</dd>
          </div>
          <div>
            <dt>{t('transcript.verify.attendance.training')}</dt>
            <dd>{certificate.training ?? t('transcript.verify.attendance.allTrainings')}</dd>
          </div>
          <div>
            <dt>{t('transcript.verify.attendance.period')}</dt>
            <dd>{period}</dd>
          </div>
        </dl>
        <Totals totals={certificate.totals} />
      </section>
    </div>
  );
}

/** Hours attended of planned, the rate, and the half-days per status; how they are counted. */
function Totals({ totals }: { totals: AttendanceTotals }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <div className="attendance-document__totals">
      <h3>{t('transcript.verify.attendance.totals')}</h3>
      <dl className="transcript-facts">
        <div>
          <dt>{t('transcript.verify.attendance.attendedOfPlanned')}</dt>
          <dd>
            {t('transcript.verify.attendance.hoursValue', {
              attended: formatMinutesAsHours(totals.attended_minutes, language),
              planned: formatMinutesAsHours(totals.planned_minutes, language),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('transcript.verify.attendance.rate')}</dt>
          <dd>{totals.rate === null ? '—' : formatRate(totals.rate, language)}</dd>
        </div>
        <div>
          <dt>{t('transcript.verify.attendance.sessions')}</dt>
          <dd>{totals.sessions}</dd>
        </div>
        <div>
          <dt>{t('transcript.verify.attendance.halfDays')}</dt>
          <dd>{totals.half_days}</dd>
        </div>
      </dl>
      <ul
        className="attendance-document__counts"
        aria-label={t('transcript.verify.attendance.counts')}
      >
        {COUNTED.map((status) => (
          <li key={status} className="badge">
            {t(`transcript.verify.attendance.count.${status}`, { count: totals.counts[status] })}
          </li>
        ))}
      </ul>
      <p className="transcript-muted">{t('transcript.verify.attendance.method')}</p>
    </div>
  );
}
