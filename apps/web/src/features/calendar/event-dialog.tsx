import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { type EventAudienceKind, type Role, roleMay, WEEKDAYS } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createEvent, updateEvent } from '../../api/calendar.ts';
import { useGroupOptions } from '../../api/groups.ts';
import { usePromotionOptions } from '../../api/promotions.ts';
import { useSession } from '../../api/session.ts';
import { formatPromotion } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { DialogFormActions } from '../../ui/dialog-actions.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/fields.tsx';
import { toastError } from '../../ui/toast-error.ts';
import {
  EVENT_COLOURS,
  type EventForm,
  eventFormSchema,
  fieldOf,
  toEventBody,
} from './event-form.ts';

/**
 * The audiences the user may publish to, from the grants (the API checks the same): personal for
 * all; promotions and groups with `event:assign`; the institution with `institution:assign`. A
 * user of no institution (the super-admin) has no promotion or group to pick here.
 */
function audiencesOf(role: Role | null, institutionId: number | null): EventAudienceKind[] {
  if (!role || institutionId === null || !roleMay(role, 'assign', 'event')) return ['personal'];
  return roleMay(role, 'assign', 'institution')
    ? ['personal', 'promotion', 'group', 'institution']
    : ['personal', 'promotion', 'group'];
}

/** Puts a 422's field errors under the dialog's fields; answers whether one was placed. */
function placeServerErrors(error: unknown, form: EventForm, setError: UseFormSetError<EventForm>) {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let placed = false;
  for (const [path, messages] of Object.entries(error.errors)) {
    if (!messages[0]) continue;
    setError(fieldOf(path, form) as Path<EventForm>, { type: 'server', message: messages[0] });
    placed = true;
  }
  return placed;
}

interface EventDialogProps {
  /** The values to start from: a selected range, or the event being edited. */
  initial: EventForm;
  /** The event being edited (its series, for a repeated one); absent for a new event. */
  eventId?: number;
  zone: string;
  onClose: () => void;
}

/** Creates an event, or edits one (the whole series of a repeated one), in a dialog. */
export function EventDialog({ initial, eventId, zone, onClose }: EventDialogProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { user, info } = useSession();
  const audiences = audiencesOf(user?.role ?? null, info?.institution?.id ?? null);
  const staff = audiences.length > 1;
  const promotions = usePromotionOptions(staff);
  const groups = useGroupOptions(staff);
  const schema = useMemo(() => eventFormSchema(zone), [zone]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<EventForm>({ resolver: zodResolver(schema), defaultValues: initial });
  const allDay = watch('all_day');
  const repeats = watch('repeats');
  const repeatEnd = watch('repeat_end');
  const audience = watch('audience');

  const onSubmit = handleSubmit(async (form) => {
    const body = toEventBody(form, zone);
    if (body.audience === 'institution') body.audience_id = info?.institution?.id ?? null;
    try {
      if (eventId) await updateEvent(eventId, body);
      else await createEvent(body);
      await client.invalidateQueries({ queryKey: ['calendar'] });
      toast.success(t('calendar.saved'));
      onClose();
    } catch (error) {
      if (!placeServerErrors(error, getValues(), setError)) toastError(error, t('calendar.failed'));
    }
  });

  const targets =
    audience === 'promotion'
      ? (promotions.data ?? []).map((p) => ({ id: p.id, label: formatPromotion(p, i18n.language) }))
      : audience === 'group'
        ? (groups.data ?? []).map((g) => ({ id: g.id, label: `${g.name} · ${g.promotion_name}` }))
        : [];

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog card event-dialog">
          <Dialog.Title className="dialog__title">
            {t(eventId ? 'calendar.edit' : 'calendar.new')}
          </Dialog.Title>
          <Dialog.Description className="dialog__description">
            {t('calendar.zone', { zone })}
            {eventId && initial.repeats ? ` ${t('calendar.seriesHint')}` : ''}
          </Dialog.Description>
          <form className="event-dialog__form" onSubmit={onSubmit} noValidate>
            <TextField
              label={t('calendar.fields.title')}
              error={errors.title}
              autoComplete="off"
              {...register('title')}
            />
            <fieldset className="event-dialog__group">
              <legend className="field__label">{t('calendar.fields.colour')}</legend>
              <div className="event-dialog__swatches">
                {EVENT_COLOURS.map((colour) => (
                  <label key={colour.name} className="event-dialog__swatch">
                    <input
                      type="radio"
                      value={colour.value}
                      aria-label={t(`calendar.colours.${colour.name}`)}
                      {...register('color_code')}
                    />
                    <span
                      className="event-dialog__swatch-mark"
                      aria-hidden="true"
                      style={{ background: colour.value || 'var(--color-primary)' }}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="check-field">
              <input type="checkbox" {...register('all_day')} />
              <span>{t('calendar.fields.allDay')}</span>
            </label>
            <div className="event-dialog__when">
              <TextField
                label={t('calendar.fields.startDay')}
                type="date"
                error={errors.start_day}
                {...register('start_day')}
              />
              {!allDay && (
                <TextField
                  label={t('calendar.fields.startTime')}
                  type="time"
                  error={errors.start_time}
                  {...register('start_time')}
                />
              )}
              <TextField
                label={t(allDay ? 'calendar.fields.lastDay' : 'calendar.fields.endDay')}
                type="date"
                error={errors.end_day}
                {...register('end_day')}
              />
              {!allDay && (
                <TextField
                  label={t('calendar.fields.endTime')}
                  type="time"
                  error={errors.end_time}
                  {...register('end_time')}
                />
              )}
            </div>
            {staff && (
              <div className="event-dialog__when">
                <SelectField
                  label={t('calendar.fields.audience')}
                  error={errors.audience}
                  {...register('audience')}
                >
                  {audiences.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`calendar.audiences.${kind}`)}
                    </option>
                  ))}
                </SelectField>
                {(audience === 'promotion' || audience === 'group') && (
                  <SelectField
                    label={t(`calendar.fields.${audience}`)}
                    error={errors.audience_id}
                    {...register('audience_id')}
                  >
                    <option value="">{t('calendar.fields.choose')}</option>
                    {targets.map((target) => (
                      <option key={target.id} value={target.id}>
                        {target.label}
                      </option>
                    ))}
                  </SelectField>
                )}
              </div>
            )}
            <label className="check-field">
              <input type="checkbox" {...register('repeats')} />
              <span>{t('calendar.fields.repeats')}</span>
            </label>
            {repeats && (
              <div className="event-dialog__repeat">
                <fieldset
                  className="event-dialog__group"
                  aria-describedby={errors.weekdays ? 'event-weekdays-error' : undefined}
                >
                  <legend className="field__label">{t('calendar.fields.weekdays')}</legend>
                  <div className="event-dialog__weekdays">
                    {WEEKDAYS.map((day) => (
                      <label key={day} className="event-dialog__weekday">
                        <input type="checkbox" value={day} {...register('weekdays')} />
                        <span className="event-dialog__weekday-label">
                          {t(`calendar.weekdays.${day}`)}
                        </span>
                      </label>
                    ))}
                  </div>
                  {errors.weekdays?.message && (
                    <p id="event-weekdays-error" className="field__error">
                      {errors.weekdays.type === 'server'
                        ? errors.weekdays.message
                        : t(errors.weekdays.message)}
                    </p>
                  )}
                </fieldset>
                <fieldset className="event-dialog__group">
                  <legend className="field__label">{t('calendar.fields.repeatEnd')}</legend>
                  <label className="check-field">
                    <input type="radio" value="count" {...register('repeat_end')} />
                    <span>{t('calendar.fields.endsAfter')}</span>
                  </label>
                  {repeatEnd === 'count' && (
                    <TextField
                      label={t('calendar.fields.count')}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      error={errors.count}
                      {...register('count')}
                    />
                  )}
                  <label className="check-field">
                    <input type="radio" value="until" {...register('repeat_end')} />
                    <span>{t('calendar.fields.endsOn')}</span>
                  </label>
                  {repeatEnd === 'until' && (
                    <TextField
                      label={t('calendar.fields.until')}
                      type="date"
                      error={errors.until}
                      {...register('until')}
                    />
                  )}
                </fieldset>
              </div>
            )}
            <TextAreaField
              label={t('calendar.fields.description')}
              error={errors.description}
              rows={3}
              {...register('description')}
            />
            <DialogFormActions submitLabel={t('calendar.save')} pending={isSubmitting} />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
