import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISCUSSION_MAX_ATTACHMENTS,
  DISCUSSION_MAX_MENTIONS,
  DISCUSSION_POST_MAX_LENGTH,
  type DiscussionAttachment,
  type DiscussionPost,
  type DiscussionPostPatch,
  type DiscussionThread,
  discussionThreadBody,
} from '@skolar/shared';
import { Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  uploadDiscussionAttachment,
  useEditDiscussionPost,
  useReplyDiscussion,
} from '../../api/discussions.ts';
import { formatFileSize, formatInstant } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { MentionsPicker } from './mentions-picker.tsx';
import { hasText } from './text.ts';

// The post's editors: a reply at the foot of a thread, the edit of one's own post in its place,
// and the fields a new thread shares with them (its text, the people it mentions, its files).

/** A post's text: words (the editor's empty document is "<p></p>"), within the limit. */
export const bodyField = z
  .string()
  .max(DISCUSSION_POST_MAX_LENGTH, { error: 'manage.validation.tooLong' })
  .refine(hasText, { error: 'validation.required' });

/** The people a post mentions, as the picker holds them. */
export const mentionsField = z
  .array(z.object({ id: z.number(), name: z.string(), staff: z.boolean().optional() }))
  .max(DISCUSSION_MAX_MENTIONS, { error: 'discussions.validation.mention' });

/** The files a new post carries, uploaded already. */
export const attachmentsField = z
  .array(z.custom<DiscussionAttachment>())
  .max(DISCUSSION_MAX_ATTACHMENTS, { error: 'discussions.validation.attachment' });

/** A field's message: a catalogue key from the form's rules, or the API's own (translated) text. */
function useFieldMessage() {
  const { t } = useTranslation();
  return (error: FieldError | undefined) =>
    error?.message && (error.type === 'server' ? error.message : t(error.message));
}

/**
 * Puts a 422's messages under their fields (the API's names, by `fields`), the focus on the first;
 * answers whether one was placed. `attachment_ids` is said under the files.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Record<string, Path<T>>,
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let placed = false;
  for (const [name, messages] of Object.entries(error.errors)) {
    const field = fields[name];
    if (!field || !messages[0]) continue;
    setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/** The post's text in the rich-text editor, its error under it (announced). */
export function BodyField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
}) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextEditor
          label={label}
          value={field.value}
          onChange={field.onChange}
          error={message(fieldState.error) || undefined}
        />
      )}
    />
  );
}

/** The people a post mentions, picked among those who read the subject. */
export function MentionsField<T extends FieldValues>({
  control,
  name,
  subjectId,
}: {
  control: Control<T>;
  name: Path<T>;
  subjectId: number | undefined;
}) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MentionsPicker
          subjectId={subjectId}
          value={field.value}
          onChange={field.onChange}
          inputRef={field.ref}
          error={message(fieldState.error) || undefined}
        />
      )}
    />
  );
}

/** The files of a new post: each uploaded when chosen, shown as a chip that takes it off. */
export function AttachmentsField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const files = field.value as DiscussionAttachment[];
        const full = files.length >= DISCUSSION_MAX_ATTACHMENTS;
        const attach = async (list: FileList | null) => {
          const chosen = [...(list ?? [])].slice(0, DISCUSSION_MAX_ATTACHMENTS - files.length);
          if (chosen.length === 0) return;
          setUploading(true);
          let kept = files;
          try {
            for (const file of chosen) {
              kept = [...kept, await uploadDiscussionAttachment(file)];
              field.onChange(kept);
            }
          } catch (error) {
            toastError(error, t('discussions.attachments.failed'));
          } finally {
            setUploading(false);
          }
        };
        const error = message(fieldState.error);
        return (
          <div className="field attachments">
            <div className="attachments__row">
              <button
                ref={field.ref}
                type="button"
                className="button button--ghost button--small"
                disabled={uploading || full}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                onClick={() => input.current?.click()}
              >
                <Paperclip aria-hidden="true" size={16} />
                {t(uploading ? 'discussions.attachments.uploading' : 'discussions.attachments.add')}
              </button>
              <input
                ref={input}
                type="file"
                hidden
                tabIndex={-1}
                multiple
                accept="application/pdf,image/png,image/jpeg,image/webp"
                onChange={(event) => {
                  const list = event.target.files;
                  void attach(list).finally(() => {
                    event.target.value = '';
                  });
                }}
              />
            </div>
            <p id={`${id}-hint`} className="field__hint">
              {t('discussions.attachments.hint', { count: DISCUSSION_MAX_ATTACHMENTS })}
            </p>
            {files.length > 0 && (
              <ul className="mentions__chips" aria-label={t('discussions.attachments.chosen')}>
                {files.map((file) => (
                  <li key={file.id} className="mention-chip">
                    <Paperclip aria-hidden="true" size={14} />
                    <span className="mention-chip__name">
                      {file.name}{' '}
                      <span className="discussions-muted">
                        ({formatFileSize(file.size, i18n.language)})
                      </span>
                    </span>
                    <button
                      type="button"
                      className="mention-chip__remove"
                      aria-label={t('discussions.attachments.remove', { name: file.name })}
                      title={t('discussions.attachments.remove', { name: file.name })}
                      onClick={() => field.onChange(files.filter((item) => item.id !== file.id))}
                    >
                      <X aria-hidden="true" size={14} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {error && (
              <p id={`${id}-error`} className="field__error" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}

const replyForm = z.object({
  body: bodyField,
  mentions: mentionsField,
  attachments: attachmentsField,
});
type ReplyValues = z.input<typeof replyForm>;
type ReplyOutput = z.output<typeof replyForm>;

const EMPTY_REPLY: ReplyValues = { body: '', mentions: [], attachments: [] };

/**
 * The reply at the foot of a thread: rich text, mentions and files. Sent, it joins the thread
 * (`onPosted` leads to it) and the composer empties. Without `can.reply`, it says why not.
 */
export function ReplyComposer({
  thread,
  onPosted,
}: {
  thread: DiscussionThread;
  onPosted: (postId: number) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const reply = useReplyDiscussion(thread.id);
  // The editor owns its document: a new one (a new key) once a reply is sent.
  const [round, setRound] = useState(0);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = useForm<ReplyValues, unknown, ReplyOutput>({
    resolver: zodResolver(replyForm),
    defaultValues: EMPTY_REPLY,
  });
  const submit = handleSubmit(async (values) => {
    try {
      const post = await reply.mutateAsync({
        body: values.body,
        mentions: values.mentions.map((person) => person.id),
        attachment_ids: values.attachments.map((file) => file.id),
      });
      reset(EMPTY_REPLY);
      setRound((value) => value + 1);
      toast.success(t('discussions.toast.replied'));
      onPosted(post.id);
    } catch (error) {
      const placed = placeServerErrors(error, setError, {
        body: 'body',
        mentions: 'mentions',
        attachment_ids: 'attachments',
      });
      if (!placed) toastError(error, t('discussions.toast.failed'));
    }
  });
  return (
    <section className="card discussion-reply" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('discussions.reply.title')}</h2>
      {thread.can.reply ? (
        <form className="discussion-composer" onSubmit={submit} noValidate key={round}>
          <BodyField control={control} name="body" label={t('discussions.reply.body')} />
          <MentionsField control={control} name="mentions" subjectId={thread.subject.id} />
          <AttachmentsField control={control} name="attachments" />
          <div className="discussion-composer__actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting}>
              {t('discussions.reply.send')}
            </button>
          </div>
        </form>
      ) : (
        <Notice kind="info">{t('discussions.reply.closed')}</Notice>
      )}
    </section>
  );
}

const editForm = z.object({
  title: z.string(),
  body: bodyField,
  mentions: mentionsField,
});
type EditValues = z.input<typeof editForm>;
type EditOutput = z.output<typeof editForm>;

/** The ids of the people mentioned, in order, to compare two lists. */
const idsOf = (people: readonly { id: number }[]) =>
  people
    .map((person) => person.id)
    .sort((a, b) => a - b)
    .join(',');

/**
 * The edit of one's own post in its place, while its window is open (until when, it says): its
 * text, the people it mentions and, on the opening post, the thread's title. Only what changed is
 * sent; the window closed meanwhile (409), it says so.
 */
export function PostEditor({
  thread,
  post,
  opening,
  onDone,
}: {
  thread: DiscussionThread;
  post: DiscussionPost;
  /** The thread's opening post: its title is edited with it. */
  opening: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const edit = useEditDiscussionPost(thread.id);
  const [closed, setClosed] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(
      opening ? editForm.extend({ title: discussionThreadBody.shape.title }) : editForm,
    ),
    defaultValues: { title: thread.title, body: post.body ?? '', mentions: post.mentions },
  });
  const submit = handleSubmit(async (values) => {
    const patch: DiscussionPostPatch = {};
    if (values.body !== post.body) patch.body = values.body;
    if (opening && values.title !== thread.title) patch.title = values.title;
    if (idsOf(values.mentions) !== idsOf(post.mentions)) {
      patch.mentions = values.mentions.map((person) => person.id);
    }
    if (Object.keys(patch).length === 0) return onDone();
    try {
      await edit.mutateAsync({ id: post.id, patch });
      toast.success(t('discussions.toast.edited'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setClosed(error.message || t('discussions.validation.closed'));
        return;
      }
      const placed = placeServerErrors(error, setError, {
        title: 'title',
        body: 'body',
        mentions: 'mentions',
      });
      if (!placed) toastError(error, t('discussions.toast.failed'));
    }
  });
  return (
    <form className="discussion-composer discussion-editor" onSubmit={submit} noValidate>
      {post.editable_until && (
        <p className="discussions-muted">
          {t('discussions.post.editableUntil', {
            date: formatInstant(post.editable_until, i18n.language, { timeStyle: 'short' }),
          })}
        </p>
      )}
      {opening && (
        <TextField
          label={t('discussions.form.title')}
          error={errors.title}
          autoComplete="off"
          maxLength={200}
          {...register('title')}
        />
      )}
      <BodyField
        control={control}
        name="body"
        label={t('discussions.edit.body', { author: post.author.name })}
      />
      <MentionsField control={control} name="mentions" subjectId={thread.subject.id} />
      {closed && <Notice kind="error">{closed}</Notice>}
      <div className="discussion-composer__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={isSubmitting || closed !== null}
        >
          {t('discussions.edit.save')}
        </button>
      </div>
    </form>
  );
}
