import type { Justification } from '@skolar/shared';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatInstant } from '../../lib/format.ts';
import '../../ui/cohorts.css';
import './justifications.css';

// What the learner's list (/check-in) and the admins' review (/attendance) show alike of a
// justification of absences: its days, its status, its document and how it was decided.

const noon = (day: string) => new Date(`${day.slice(0, 10)}T12:00:00Z`);

/** The days a justification covers: "23 nov. 2026", or "23–25 nov. 2026" as the language says. */
export function justificationDays(
  { from, to }: Pick<Justification, 'from' | 'to'>,
  language: string,
): string {
  if (from === to) return formatDay(from, language);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
    noon(from),
    noon(to),
  );
}

const BADGE: Record<Justification['status'], string> = {
  pending: 'badge',
  accepted: 'badge badge--success',
  refused: 'badge badge--danger',
};

/** The status in words (its colour only repeats them). */
export function JustificationStatusBadge({ status }: { status: Justification['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`${BADGE[status]} justification__status`}>
      {t(`attendance.justifications.status.${status}`)}
    </span>
  );
}

/** The document sent, opened in a new tab (`/api/files/:id`, for the learner and the admins). */
export function JustificationDocument({ file }: { file: Justification['file'] }) {
  const { t } = useTranslation();
  return (
    <a
      className="justification__document"
      href={file.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('attendance.justifications.document', { name: file.name })}
    >
      <FileText size={16} aria-hidden="true" />
      <span>{file.name}</span>
    </a>
  );
}

/** The reason given, its lines kept. */
export function JustificationReason({ reason }: { reason: string }) {
  return <p className="justification__reason">{reason}</p>;
}

/** When it was sent and, once decided, when, by whom, the note and the half-days it excused. */
export function JustificationFacts({ justification }: { justification: Justification }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatInstant(iso, i18n.language, { dateStyle: 'medium' });
  const { decided_at: decidedAt, decided_by: decidedBy } = justification;
  return (
    <>
      <p className="justification__facts">
        {t('attendance.justifications.submittedOn', { date: date(justification.submitted_at) })}
        {decidedAt && (
          <>
            {' · '}
            {decidedBy
              ? t('attendance.justifications.decidedBy', {
                  date: date(decidedAt),
                  name: decidedBy.name,
                })
              : t('attendance.justifications.decidedOn', { date: date(decidedAt) })}
          </>
        )}
        {justification.status === 'accepted' && (
          <>
            {' · '}
            {t('attendance.justifications.excused', { count: justification.excused })}
          </>
        )}
      </p>
      {justification.status !== 'pending' && justification.note && (
        <p className="justification__note">
          <span className="justification__note-label">{t('attendance.justifications.note')}</span>{' '}
          {justification.note}
        </p>
      )}
    </>
  );
}
