import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementAudiences,
  type AnnouncementPatch,
  announcementBody,
} from '@skolar/shared';
import { type ComponentProps, useEffect, useId } from 'react';
import { Controller, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  useAnnouncementAudiences,
  useCreateAnnouncement,
  useUpdateAnnouncement,
} from '../../api/announcements.ts';
import { ApiError } from '../../lib/http.ts';
import { DialogFormActions } from '../../ui/dialog-actions.tsx';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { browserZone, instantOfLocal, localOfInstant, plainText } from './text.ts';

/**
 * The composer's fields. The audience is one choice ("institution", "promotion:3", "group:5"),
 * split into `audience` and `audience_id` when sent; "publish later" is a box and a day and time
 * on the browser's clock, sent as an instant with its offset.
 */
const announcementForm = z
  .object({
    title: announcementBody.shape.title,
    audience: z.string().min(1, { error: 'announcements.validation.audience' }),
    // The editor's empty document is "<p></p>": a text needs words.
    body: announcementBody.shape.body.refine((html) => plainText(html) !== '', {
      error: 'validation.required',
    }),
    pinned: z.boolean(),
    later: z.boolean(),
    publish_at: z.string(),
  })
  .superRefine((values, context) => {
    if (!values.later) return;
    const instant = instantOfLocal(values.publish_at);
    if (instant === null) {
      context.addIssue({
        code: 'custom',
        path: ['publish_at'],
        message: 'announcements.validation.publishAt',
      });
    } else if (Date.parse(instant) <= Date.now()) {
      context.addIssue({
        code: 'custom',
        path: ['publish_at'],
        message: 'announcements.validation.future',
      });
    }
  });

type FormValues = z.input<typeof announcementForm>;
type FormOutput = z.output<typeof announcementForm>;
type Field = keyof FormValues;

/** The form's value of an audience. */
const audienceValue = (kind: AnnouncementAudience, id: number | null) =>
  kind === 'institution' ? kind : `${kind}:${id}`;

/** Every audience the reader may post to, as the select's values. */
function choicesOf(audiences: AnnouncementAudiences): string[] {
  return [
    ...(audiences.institution ? ['institution'] : []),
    ...audiences.promotions.map((promotion) => audienceValue('promotion', promotion.id)),
    ...audiences.groups.map((group) => audienceValue('group', group.id)),
  ];
}

/** The fields of an announcement being edited, or of a new one. */
function valuesOf(announcement?: Announcement): FormValues {
  const scheduled = announcement !== undefined && announcement.published_at === null;
  return {
    title: announcement?.title ?? '',
    audience: announcement
      ? audienceValue(announcement.audience.kind, announcement.audience.id)
      : '',
    body: announcement?.body ?? '',
    pinned: announcement?.pinned ?? false,
    later: scheduled,
    publish_at: scheduled ? localOfInstant(announcement.publish_at) : '',
  };
}

/** The instant's minute: the field shows no seconds, so an untouched one compares equal. */
const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000);

/**
 * What an edit changed, and only that (`PATCH` of those fields). The instant of a scheduled one
 * is moved, or dropped to publish it now; one already out keeps its own.
 */
function changesOf(before: Announcement, values: FormOutput): AnnouncementPatch {
  const patch: AnnouncementPatch = {};
  if (values.title !== before.title) patch.title = values.title;
  if (values.body !== before.body) patch.body = values.body;
  if (values.pinned !== before.pinned) patch.pinned = values.pinned;
  if (before.published_at === null) {
    const at = values.later ? instantOfLocal(values.publish_at) : null;
    if (at === null) patch.publish_at = null;
    else if (minuteOf(at) !== minuteOf(before.publish_at)) patch.publish_at = at;
  }
  return patch;
}

/** The API's fields, by the form's: the audience's id is said under the audience. */
const FIELD_OF: Record<string, Field> = {
  title: 'title',
  body: 'body',
  audience: 'audience',
  audience_id: 'audience',
  pinned: 'pinned',
  publish_at: 'publish_at',
};

/** Puts a 422's messages under their fields, the focus on the first; answers whether one was. */
function placeServerErrors(error: unknown, setError: UseFormSetError<FormValues>): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let placed = false;
  for (const [name, messages] of Object.entries(error.errors)) {
    const field = FIELD_OF[name];
    if (!field || !messages[0]) continue;
    setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * The composer's form (its own chunk, with the text's editor: only those who may post or edit
 * load it): a new announcement, or the changes of one.
 */
export function AnnouncementForm({
  announcement,
  onDone,
}: {
  announcement?: Announcement;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const audiences = useAnnouncementAudiences(announcement === undefined);
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(announcementForm),
    defaultValues: valuesOf(announcement),
  });
  const later = watch('later');
  const scheduled = announcement === undefined || announcement.published_at === null;
  const choices = audiences.data ? choicesOf(audiences.data) : [];
  const noAudience = announcement === undefined && audiences.isSuccess && choices.length === 0;

  // The first field has the focus, also when the form came in after the dialog opened.
  useEffect(() => setFocus('title'), [setFocus]);

  // One audience only: it is chosen already.
  const [only] = choices.length === 1 ? choices : [];
  useEffect(() => {
    if (only && getValues('audience') === '') setValue('audience', only);
  }, [only, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    const publishAt = values.later ? instantOfLocal(values.publish_at) : null;
    try {
      if (!announcement) {
        const [kind, id] = values.audience.split(':');
        await create.mutateAsync({
          title: values.title,
          body: values.body,
          audience: kind as AnnouncementAudience,
          audience_id: id ? Number(id) : null,
          pinned: values.pinned,
          publish_at: publishAt,
        });
        toast.success(
          t(publishAt ? 'announcements.toast.scheduled' : 'announcements.toast.published'),
        );
      } else {
        const patch = changesOf(announcement, values);
        if (Object.keys(patch).length > 0) {
          await update.mutateAsync({ id: announcement.id, patch });
          toast.success(
            t(
              patch.publish_at === null
                ? 'announcements.toast.published'
                : 'announcements.toast.saved',
            ),
          );
        }
      }
      onDone();
    } catch (error) {
      if (!placeServerErrors(error, setError)) toastError(error, t('announcements.toast.failed'));
    }
  });

  return (
    <form className="announcement-form" onSubmit={submit} noValidate>
      <TextField
        label={t('announcements.form.title')}
        error={errors.title}
        autoComplete="off"
        maxLength={200}
        {...register('title')}
      />
      {announcement ? (
        <p className="announcement-form__fixed">
          {t('announcements.form.audienceFixed', { label: announcement.audience.label })}
        </p>
      ) : noAudience ? (
        <Notice kind="info">{t('announcements.form.noAudience')}</Notice>
      ) : (
        <SelectField
          label={t('announcements.form.audience')}
          error={errors.audience}
          disabled={!audiences.data}
          {...register('audience')}
        >
          {audiences.isError ? (
            <option value="">{t('errors.generic')}</option>
          ) : !audiences.data ? (
            <option value="">{t('app.loading')}</option>
          ) : (
            <>
              {choices.length > 1 && <option value="">{t('announcements.form.choose')}</option>}
              {audiences.data.institution && (
                <option value="institution">{t('announcements.form.institution')}</option>
              )}
              {audiences.data.promotions.length > 0 && (
                <optgroup label={t('announcements.form.promotions')}>
                  {audiences.data.promotions.map((promotion) => (
                    <option key={promotion.id} value={audienceValue('promotion', promotion.id)}>
                      {promotion.label}
                    </option>
                  ))}
                </optgroup>
              )}
              {audiences.data.groups.length > 0 && (
                <optgroup label={t('announcements.form.groups')}>
                  {audiences.data.groups.map((group) => (
                    <option key={group.id} value={audienceValue('group', group.id)}>
                      {group.label}
                    </option>
                  ))}
                </optgroup>
              )}
            </>
          )}
        </SelectField>
      )}
      <Controller
        control={control}
        name="body"
        render={({ field, fieldState }) => (
          <RichTextEditor
            label={t('announcements.form.body')}
            value={field.value}
            onChange={field.onChange}
            error={
              fieldState.error?.message &&
              (fieldState.error.type === 'server'
                ? fieldState.error.message
                : t(fieldState.error.message))
            }
          />
        )}
      />
      <CheckField
        label={t('announcements.form.pinned')}
        hint={t('announcements.form.pinnedHint')}
        {...register('pinned')}
      />
      {scheduled && (
        <div className="announcement-form__later">
          <CheckField
            label={t('announcements.form.later')}
            hint={later ? undefined : t('announcements.form.laterHint')}
            {...register('later')}
          />
          {later && (
            <TextField
              type="datetime-local"
              label={t('announcements.form.publishAt')}
              hint={t('announcements.form.publishAtHint', { zone: browserZone() })}
              error={errors.publish_at}
              min={localOfInstant(new Date().toISOString())}
              {...register('publish_at')}
            />
          )}
        </div>
      )}
      <DialogFormActions
        submitLabel={t(
          announcement
            ? 'announcements.form.save'
            : later
              ? 'announcements.form.schedule'
              : 'announcements.form.publish',
        )}
        pending={isSubmitting || noAudience}
      />
    </form>
  );
}

/**
 * A box with its label and, under it, a hint that describes it (not part of its name, so the
 * name stays short for screen readers and voice control).
 */
function CheckField({
  label,
  hint,
  ...input
}: ComponentProps<'input'> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      <span>
        <label htmlFor={id}>{label}</label>
        {hint && <small id={`${id}-hint`}>{hint}</small>}
      </span>
    </div>
  );
}
