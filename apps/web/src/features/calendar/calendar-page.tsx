import type { CalendarRef } from '@fullcalendar/react';
import type { CalendarEntry } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCalendarEntries, type VisibleRange } from '../../api/calendar.ts';
import { useSession } from '../../api/session.ts';
import { PHONE, useMediaQuery } from '../../lib/media.ts';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { useErrorToast } from '../../ui/toast-error.ts';
import { CalendarFrame, entryOf } from './calendar-frame.tsx';
import { EntryDialog } from './entry-dialog.tsx';
import { EventDialog } from './event-dialog.tsx';
import { type EventForm, newEventForm } from './event-form.ts';
import { FeedPanel } from './feed-panel.tsx';
import { saveChange } from './save-change.ts';
import {
  browserZone,
  instantOfCalendarDate,
  todayIn,
  type WallClock,
  wallClockOf,
} from './zone.ts';

type Open = { kind: 'create'; form: EventForm } | { kind: 'entry'; entry: CalendarEntry } | null;

/** A date string of the calendar as a day and a time of the zone. */
function wallClockOfCalendarDate(value: string, zone: string): WallClock {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? { day: value, time: '00:00' }
    : wallClockOf(instantOfCalendarDate(value, zone), zone);
}

/**
 * `/calendar`: month, week, day and list views of the user's events and their courses' dates.
 * Select a range to create an event; drag or resize one to move it (one occurrence of a series
 * alone); click one to open, edit or delete it; the courses' entries lead to their pages.
 */
export function CalendarPage() {
  const { user } = useSession();
  return user ? <SignedInCalendar /> : <VisitorCalendar />;
}

/**
 * The route has no role guard (the footer links it for everyone), but a calendar is someone's: a
 * visitor is asked to sign in rather than shown an empty grid and a failed request.
 */
function VisitorCalendar() {
  const { t } = useTranslation();
  usePageTitle(t('calendar.title'));
  return (
    <div className="container page calendar-page">
      <PageHeader eyebrow={t('calendar.eyebrow')} title={t('calendar.title')} />
      <Notice kind="info">
        {t('calendar.visitor')} <Link to="/login">{t('calendar.signIn')}</Link>
      </Notice>
    </div>
  );
}

function SignedInCalendar() {
  const { t } = useTranslation();
  usePageTitle(t('calendar.title'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const phone = useMediaQuery(PHONE);
  const calendar = useRef<CalendarRef>(null);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [weekends, setWeekends] = useState(true);
  const [open, setOpen] = useState<Open>(null);
  const entries = useCalendarEntries(range);
  useErrorToast(entries.isError, 'calendar-entries');
  const zone = entries.data?.time_zone ?? browserZone();

  const close = () => {
    setOpen(null);
    calendar.current?.getApi().unselect();
  };

  const newEvent = () => {
    const day = todayIn(zone);
    setOpen({
      kind: 'create',
      form: newEventForm({
        start: { day, time: '09:00' },
        end: { day, time: '10:00' },
        allDay: false,
      }),
    });
  };

  const listView = phone ? 'listWeek' : 'listMonth';
  return (
    <div className="container page calendar-page">
      <PageHeader
        eyebrow={t('calendar.eyebrow')}
        title={t('calendar.title')}
        actions={
          <button type="button" className="button button--primary" onClick={newEvent}>
            <Plus size={18} aria-hidden="true" />
            {t('calendar.new')}
          </button>
        }
      />
      <div className="calendar-options">
        <label className="check-field">
          <input
            type="checkbox"
            checked={weekends}
            onChange={(event) => setWeekends(event.target.checked)}
          />
          <span>{t('calendar.weekends')}</span>
        </label>
        <p className="calendar-options__zone">{t('calendar.zone', { zone })}</p>
      </div>
      <div className="card calendar-card" aria-busy={entries.isFetching}>
        <CalendarFrame
          key={phone ? 'phone' : 'wide'}
          calendarRef={calendar}
          entries={entries.data?.entries ?? []}
          zone={zone}
          onRange={setRange}
          initialView={phone ? listView : 'dayGridMonth'}
          headerToolbar={
            phone
              ? { start: 'title', end: 'prev,next' }
              : {
                  start: 'prev,next today',
                  center: 'title',
                  end: `dayGridMonth,timeGridWeek,timeGridDay,${listView}`,
                }
          }
          footerToolbar={
            phone ? { start: 'today', end: `dayGridMonth,timeGridDay,${listView}` } : false
          }
          weekends={weekends}
          selectable
          selectMirror
          editable
          select={(info) =>
            setOpen({
              kind: 'create',
              form: newEventForm({
                start: wallClockOfCalendarDate(info.startStr, zone),
                end: wallClockOfCalendarDate(info.endStr, zone),
                allDay: info.allDay,
              }),
            })
          }
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            const entry = entryOf(info.event);
            if (entry.href) navigate(entry.href);
            else setOpen({ kind: 'entry', entry });
          }}
          eventDrop={(info) => void persist(info)}
          eventResize={(info) => void persist(info)}
        />
      </div>
      <FeedPanel />
      {open?.kind === 'create' && <EventDialog initial={open.form} zone={zone} onClose={close} />}
      {open?.kind === 'entry' && <EntryDialog entry={open.entry} zone={zone} onClose={close} />}
    </div>
  );

  async function persist(info: Parameters<typeof saveChange>[0]) {
    if (await saveChange(info, zone)) {
      toast.success(t('calendar.saved'));
      await client.invalidateQueries({ queryKey: ['calendar'] });
    }
  }
}
