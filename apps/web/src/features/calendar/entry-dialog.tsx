import * as Dialog from '@radix-ui/react-dialog';
import type { CalendarEntry } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Repeat, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cancelOccurrence, deleteEvent, useCalendarEvent } from '../../api/calendar.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { EventDialog } from './event-dialog.tsx';
import { eventFormOf } from './event-form.ts';
import { whenOf } from './when.ts';

interface EntryDialogProps {
  entry: CalendarEntry;
  zone: string;
  onClose: () => void;
}

/**
 * An event of the calendar: when, for whom, and (for its owner) edit it, cancel one occurrence of
 * a series, or delete it after the spec's confirmation.
 */
export function EntryDialog({ entry, zone, onClose }: EntryDialogProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const event = useCalendarEvent(editing ? entry.event_id : null);

  if (editing && event.data) {
    return (
      <EventDialog
        initial={eventFormOf(event.data, zone)}
        eventId={event.data.id}
        zone={zone}
        onClose={onClose}
      />
    );
  }

  const settle = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      await client.invalidateQueries({ queryKey: ['calendar'] });
      toast.success(t(done));
      onClose();
    } catch (error) {
      toastError(error, t('calendar.failed'));
    }
  };

  const eventId = entry.event_id;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog card entry-dialog">
          <Dialog.Title className="dialog__title entry-dialog__title">
            <span
              className={`entry-dialog__dot calendar-kind--${entry.kind}`}
              style={entry.color_code ? { background: entry.color_code } : undefined}
              aria-hidden="true"
            />
            {entry.title}
          </Dialog.Title>
          <Dialog.Description asChild>
            <ul className="entry-dialog__facts">
              <li>
                <CalendarDays size={16} aria-hidden="true" />
                {whenOf(entry, zone, i18n.language)}
              </li>
              <li>
                <Users size={16} aria-hidden="true" />
                {entry.audience_label ?? t('calendar.audiences.personal')}
              </li>
              {entry.repeating && (
                <li>
                  <Repeat size={16} aria-hidden="true" />
                  {t('calendar.repeating')}
                </li>
              )}
            </ul>
          </Dialog.Description>
          {entry.description && <p className="entry-dialog__description">{entry.description}</p>}
          {event.isError && <p className="field__error">{t('calendar.failed')}</p>}
          <div
            className={
              entry.editable ? 'dialog__actions entry-dialog__actions--stacked' : 'dialog__actions'
            }
          >
            {entry.editable && eventId !== null && (
              <>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={editing}
                  onClick={() => setEditing(true)}
                >
                  {t(entry.repeating ? 'calendar.editSeries' : 'calendar.edit')}
                </button>
                {entry.repeating && entry.occurrence_start && (
                  <ConfirmDialog
                    kind="delete"
                    question={t('calendar.cancelOccurrenceQuestion')}
                    subject={whenOf(entry, zone, i18n.language)}
                    trigger={
                      <button type="button" className="button button--ghost">
                        {t('calendar.cancelOccurrence')}
                      </button>
                    }
                    onConfirm={() =>
                      settle(
                        () => cancelOccurrence(eventId, entry.occurrence_start!),
                        'calendar.cancelled',
                      )
                    }
                  />
                )}
                <ConfirmDialog
                  kind="delete"
                  subject={entry.repeating ? t('calendar.deleteSeries') : entry.title}
                  trigger={
                    <button type="button" className="button button--ghost entry-dialog__danger">
                      {t(entry.repeating ? 'calendar.deleteAll' : 'calendar.delete')}
                    </button>
                  }
                  onConfirm={() => settle(() => deleteEvent(eventId), 'calendar.deleted')}
                />
              </>
            )}
            {!entry.editable && (
              <Dialog.Close asChild>
                <button type="button" className="button button--primary">
                  {t('calendar.close')}
                </button>
              </Dialog.Close>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
