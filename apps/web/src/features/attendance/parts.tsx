import type { AttendanceSessionSummary } from '@skolar/shared';
import { useTranslation } from 'react-i18next';

/** "08:30 – 12:30", in the institution's zone. */
export function sessionTime(
  session: Pick<AttendanceSessionSummary, 'starts_at' | 'ends_at'>,
  zone: string,
  language: string,
): string {
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: zone });
  return `${time.format(new Date(session.starts_at))} – ${time.format(new Date(session.ends_at))}`;
}

/** How a session's lines stand: present, late, absent, excused, still to call. */
export function Counts({ counts }: { counts: AttendanceSessionSummary['counts'] }) {
  const { t } = useTranslation();
  return (
    <ul className="attendance-counts" aria-label={t('attendance.countsLabel')}>
      {(['present', 'late', 'absent', 'excused', 'unmarked'] as const).map((status) => (
        <li key={status} className={`attendance-count attendance-count--${status}`}>
          {t(`attendance.count.${status}`, { count: counts[status] })}
        </li>
      ))}
    </ul>
  );
}
