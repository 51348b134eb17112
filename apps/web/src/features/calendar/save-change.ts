import type { EventChangeInfo } from '@fullcalendar/react';
import { moveOccurrence, updateEvent } from '../../api/calendar.ts';
import i18n from '../../i18n/index.ts';
import { toastError } from '../../ui/toast-error.ts';
import { entryOf } from './calendar-frame.tsx';
import { instantOfCalendarDate } from './zone.ts';

/**
 * Saves a drag or a resize: a one-off event's new times (PATCH), or one occurrence of a series
 * moved alone (PUT). A failed save puts the event back where it was and says why in a toast.
 * Answers whether it was saved.
 */
export async function saveChange(
  info: Pick<EventChangeInfo, 'event' | 'revert'>,
  zone: string,
): Promise<boolean> {
  const entry = entryOf(info.event);
  const starts_at = instantOfCalendarDate(info.event.startStr, zone);
  const ends_at = instantOfCalendarDate(info.event.endStr, zone);
  try {
    if (entry.event_id === null) throw new Error('not an event');
    if (entry.repeating && entry.occurrence_start) {
      if (info.event.allDay !== entry.all_day) {
        info.revert();
        toastError(null, i18n.t('calendar.occurrenceAllDay'));
        return false;
      }
      await moveOccurrence(entry.event_id, entry.occurrence_start, { starts_at, ends_at });
    } else {
      await updateEvent(entry.event_id, { starts_at, ends_at, all_day: info.event.allDay });
    }
    return true;
  } catch (error) {
    info.revert();
    toastError(error, i18n.t('calendar.failed'));
    return false;
  }
}
