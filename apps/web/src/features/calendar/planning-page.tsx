import type { CalendarEntry } from '@skolar/shared';
import { CALENDAR_ENTRY_KINDS } from '@skolar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlanning, type VisibleRange } from '../../api/calendar.ts';
import { PHONE, useMediaQuery } from '../../lib/media.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { useErrorToast } from '../../ui/toast-error.ts';
import { CalendarFrame, entryOf } from './calendar-frame.tsx';
import { EntryDialog } from './entry-dialog.tsx';
import { FeedPanel } from './feed-panel.tsx';
import { browserZone } from './zone.ts';

/**
 * `/student-planning`: the student's week and month at a glance (episodes, exams, deadlines and
 * events), read-only, coloured by kind; a course's entry leads to its page.
 */
export function StudentPlanningPage() {
  const { t } = useTranslation();
  usePageTitle(t('calendar.planning.title'));
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [open, setOpen] = useState<CalendarEntry | null>(null);
  const planning = usePlanning(range);
  useErrorToast(planning.isError, 'planning-entries');
  const zone = planning.data?.time_zone ?? browserZone();

  return (
    <div className="container page calendar-page">
      <PageHeader eyebrow={t('calendar.planning.eyebrow')} title={t('calendar.planning.title')} />
      <ul className="calendar-legend" aria-label={t('calendar.legend')}>
        {CALENDAR_ENTRY_KINDS.map((kind) => (
          <li key={kind}>
            <span className={`calendar-legend__dot calendar-kind--${kind}`} aria-hidden="true" />
            {t(`calendar.kinds.${kind}`)}
          </li>
        ))}
      </ul>
      <div className="card calendar-card" aria-busy={planning.isFetching}>
        <CalendarFrame
          key={phone ? 'phone' : 'wide'}
          entries={planning.data?.entries ?? []}
          zone={zone}
          onRange={setRange}
          initialView={phone ? 'listWeek' : 'timeGridWeek'}
          headerToolbar={
            phone
              ? { start: 'title', end: 'prev,next' }
              : {
                  start: 'prev,next today',
                  center: 'title',
                  end: 'timeGridWeek,listWeek,dayGridMonth',
                }
          }
          footerToolbar={phone ? { start: 'today', end: 'listWeek,dayGridMonth' } : false}
          editable={false}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            const entry = entryOf(info.event);
            if (entry.href) navigate(entry.href);
            else setOpen(entry);
          }}
        />
      </div>
      <FeedPanel />
      {open && <EntryDialog entry={open} zone={zone} onClose={() => setOpen(null)} />}
    </div>
  );
}
