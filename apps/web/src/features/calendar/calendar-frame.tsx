import FullCalendar, { type CalendarOptions, type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import deLocale from '@fullcalendar/react/locales/de';
import frLocale from '@fullcalendar/react/locales/fr';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { type CalendarEntry, textColourOn } from '@skolar/shared';
import { type Ref, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisibleRange } from '../../api/calendar.ts';
import { instantOfCalendarDate, wallClockOf } from './zone.ts';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';

const LOCALES = { fr: frLocale, de: deLocale, en: 'en' } as const;

/** The entry an event of the calendar stands for (kept in its extended props). */
export const entryOf = (event: { extendedProps: Record<string, unknown> }) =>
  event.extendedProps.entry as CalendarEntry;

/** An entry as the calendar shows it: an all-day one on its days, coloured by its kind. */
function toEventInput(entry: CalendarEntry, zone: string) {
  const colour = entry.kind === 'event' ? entry.color_code : null;
  return {
    id: entry.key,
    title: entry.title,
    start: entry.all_day ? wallClockOf(entry.starts_at, zone).day : entry.starts_at,
    end: entry.all_day ? wallClockOf(entry.ends_at, zone).day : entry.ends_at,
    allDay: entry.all_day,
    editable: entry.editable,
    ...(colour ? { color: colour, contrastColor: textColourOn(colour) } : {}),
    className: `calendar-kind--${entry.kind}`,
    extendedProps: { entry },
  };
}

/** What the keyboard reaches by itself. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * A keyboard user can scroll the calendar's scrolling boxes (a day's or a week's hours) even when
 * they hold no event to tab to (WCAG 2.1.1, axe's `scrollable-region-focusable`): the first cell
 * of such a box takes the focus, and the arrow keys then scroll the box. The cell, not the box:
 * the box sits between the grid's row group and its rows, where a focusable element without a
 * row's role would break the grid's structure. FullCalendar renders the boxes with generated
 * class names, so they are found by their overflow, after each render of a view or a range.
 */
function makeScrollersFocusable(frame: HTMLElement | null) {
  if (!frame) return;
  for (const box of frame.querySelectorAll<HTMLElement>('div')) {
    const { overflowX, overflowY } = getComputedStyle(box);
    const scrolls =
      (/auto|scroll/.test(overflowY) && box.scrollHeight > box.clientHeight) ||
      (/auto|scroll/.test(overflowX) && box.scrollWidth > box.clientWidth);
    if (!scrolls || box.querySelector(FOCUSABLE)) continue;
    const cell = box.querySelector<HTMLElement>('[role="cell"], [role="gridcell"]');
    (cell ?? box).tabIndex = 0;
  }
}

type FrameProps = Omit<CalendarOptions, 'events' | 'datesSet' | 'timeZone'> & {
  entries: readonly CalendarEntry[];
  zone: string;
  onRange: (range: VisibleRange) => void;
  calendarRef?: Ref<CalendarRef>;
};

/**
 * FullCalendar as the app shows it: in the interface language (weeks from Monday in French and
 * German), in the institution's time zone, themed with the app's colours in both themes.
 */
export function CalendarFrame({ entries, zone, onRange, calendarRef, ...options }: FrameProps) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'fr') as keyof typeof LOCALES;
  const events = useMemo(() => entries.map((entry) => toEventInput(entry, zone)), [entries, zone]);
  const frame = useRef<HTMLDivElement>(null);
  const focusable = () => requestAnimationFrame(() => makeScrollersFocusable(frame.current));
  return (
    <div className="calendar-frame" ref={frame}>
      <FullCalendar
        ref={calendarRef}
        plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        locale={LOCALES[language] ?? frLocale}
        firstDay={language === 'en' ? 0 : 1}
        timeZone={zone}
        contentHeight="auto"
        // A day's grid scrolls inside its box from the morning on (every hour stays reachable).
        views={{ timeGrid: { contentHeight: 640, scrollTime: '07:00:00' } }}
        nowIndicator
        dayMaxEvents
        forceEventDuration
        listItemEventTitleClass="calendar-list-title"
        noEventsText={t('calendar.empty')}
        events={events}
        datesSet={(info) => {
          onRange({
            start: instantOfCalendarDate(info.startStr, zone),
            end: instantOfCalendarDate(info.endStr, zone),
          });
          focusable();
        }}
        viewDidMount={focusable}
        {...options}
      />
    </div>
  );
}
