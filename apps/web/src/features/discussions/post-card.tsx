import * as Dialog from '@radix-ui/react-dialog';
import type { DiscussionPost, DiscussionThread } from '@skolar/shared';
import {
  CircleCheck,
  CircleX,
  Flag,
  FlagOff,
  Paperclip,
  Pencil,
  ShieldAlert,
  Trash2,
} from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  useDismissDiscussionReports,
  useModerateDiscussion,
  useRemoveDiscussionPost,
  useReportDiscussionPost,
} from '../../api/discussions.ts';
import { formatFileSize, formatInstant } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { RichHtml } from '../../ui/rich-content.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { PostEditor } from './composer.tsx';
import { StaffMark } from './parts.tsx';
import { postAnchor, stillEditable } from './text.ts';

/** The longest a report's reason may be. */
const REASON_MAX = 500;

/**
 * Whether the post's edit window is open, now and later: it closes by itself when its time comes
 * (the page stays open), so "Edit" is not offered past it.
 */
function useEditWindow(editableUntil: string | null): boolean {
  const [open, setOpen] = useState(() => stillEditable(editableUntil));
  useEffect(() => {
    const left = editableUntil === null ? 0 : Date.parse(editableUntil) - Date.now();
    setOpen(left > 0);
    if (left <= 0) return;
    // Timers hold 2^31 ms at most (a window is minutes long).
    const timer = setTimeout(() => setOpen(false), Math.min(left, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [editableUntil]);
  return open;
}

interface PostCardProps {
  thread: DiscussionThread;
  post: DiscussionPost;
  /** The thread's opening post (its title is edited with it). */
  opening: boolean;
  /** The one the address names (`#post-12`): highlighted. */
  targeted: boolean;
}

/**
 * A post of a thread: its author ("Staff" when so), dates, "edited", the accepted answer's mark,
 * its text, the people it mentions and its files; removed, the trace of it. Its actions are those
 * its `can` allows: edit (while its window is open), remove, report, accept as the answer; staff
 * read its open reports and may dismiss them.
 */
export function PostCard({ thread, post, opening, targeted }: PostCardProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editable = useEditWindow(post.editable_until) && post.can.update;
  const anchor = postAnchor(post.id);
  const author = post.author.name;
  const when = (iso: string) => formatInstant(iso, i18n.language);
  const classes = [
    'card',
    'discussion-post',
    post.accepted ? 'is-accepted' : '',
    post.removed ? 'is-removed' : '',
    targeted ? 'is-target' : '',
  ].filter(Boolean);

  // The window closed while editing: the editor goes (the server would refuse).
  useEffect(() => {
    if (!editable) setEditing(false);
  }, [editable]);

  return (
    <article
      id={anchor}
      className={classes.join(' ')}
      aria-labelledby={`${anchor}-author`}
      tabIndex={-1}
    >
      <header className="discussion-post__head">
        <h3 id={`${anchor}-author`} className="discussion-post__author">
          <span className="sr-only">
            {t(opening ? 'discussions.post.openedBy' : 'discussions.post.by')}
          </span>{' '}
          {author}
        </h3>
        {post.author.staff && <StaffMark />}
        <p className="discussion-meta">
          <time dateTime={post.posted_at}>{when(post.posted_at)}</time>
          {post.edited_at && !post.removed && (
            <time dateTime={post.edited_at} title={when(post.edited_at)}>
              {t('discussions.post.edited')}
            </time>
          )}
        </p>
        {post.accepted && (
          <span className="badge discussion-badge discussion-badge--answered">
            <CircleCheck aria-hidden="true" size={14} />
            {t('discussions.post.accepted')}
          </span>
        )}
      </header>
      {post.removed ? (
        <p className="discussion-post__removed">
          {t(
            post.removed.by_staff
              ? 'discussions.post.removedByStaff'
              : 'discussions.post.removedByAuthor',
            { date: when(post.removed.at) },
          )}
        </p>
      ) : editing ? (
        <PostEditor
          thread={thread}
          post={post}
          opening={opening}
          onDone={() => {
            setEditing(false);
            // Back on the card, which the editor replaced.
            requestAnimationFrame(() => document.getElementById(anchor)?.focus());
          }}
        />
      ) : (
        <>
          {post.body !== null && <RichHtml html={post.body} />}
          {post.mentions.length > 0 && (
            <p className="discussion-post__mentions">
              {t('discussions.post.mentions', {
                names: post.mentions.map((person) => person.name).join(', '),
              })}
            </p>
          )}
          {post.attachments.length > 0 && (
            <ul className="discussion-files" aria-label={t('discussions.post.files', { author })}>
              {post.attachments.map((file) => (
                <li key={file.id}>
                  <a href={`/api/files/${file.id}`} target="_blank" rel="noreferrer">
                    <Paperclip aria-hidden="true" size={14} />
                    {file.name}
                  </a>{' '}
                  <span className="discussions-muted">
                    ({formatFileSize(file.size, i18n.language)})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {post.reports.length > 0 && <Reports thread={thread} post={post} />}
      {!post.removed && !editing && (
        <PostActions
          thread={thread}
          post={post}
          editable={editable}
          onEdit={() => setEditing(true)}
        />
      )}
    </article>
  );
}

/** The post's actions its `can` allows, each named with its author. */
function PostActions({
  thread,
  post,
  editable,
  onEdit,
}: {
  thread: DiscussionThread;
  post: DiscussionPost;
  editable: boolean;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const moderate = useModerateDiscussion(thread.id);
  const remove = useRemoveDiscussionPost(thread.id);
  const author = post.author.name;
  const { can } = post;
  if (!editable && !can.delete && !can.report && !can.accept) return null;

  const toggleAccepted = async () => {
    if (moderate.isPending) return;
    try {
      await moderate.mutateAsync({ accepted_post_id: post.accepted ? null : post.id });
      toast.success(
        t(post.accepted ? 'discussions.toast.unaccepted' : 'discussions.toast.accepted'),
      );
    } catch (error) {
      toastError(error, t('discussions.toast.failed'));
    }
  };
  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(post.id);
      toast.success(t('discussions.toast.postRemoved'));
    } catch (error) {
      toastError(error, t('discussions.toast.failed'));
    }
  };

  return (
    <div className="discussion-post__foot">
      {editable && post.editable_until && (
        <p className="discussions-muted">
          {t('discussions.post.editableUntil', {
            date: formatInstant(post.editable_until, i18n.language, { timeStyle: 'short' }),
          })}
        </p>
      )}
      <div className="discussion-post__actions">
        {can.accept && (
          <button
            type="button"
            className={`button button--small ${post.accepted ? 'button--ghost' : 'button--accept'}`}
            aria-label={t(
              post.accepted ? 'discussions.actions.unaccept' : 'discussions.actions.accept',
              { author },
            )}
            onClick={() => void toggleAccepted()}
          >
            {post.accepted ? (
              <CircleX aria-hidden="true" size={16} />
            ) : (
              <CircleCheck aria-hidden="true" size={16} />
            )}
            {t(
              post.accepted
                ? 'discussions.actions.unacceptShort'
                : 'discussions.actions.acceptShort',
            )}
          </button>
        )}
        {editable && (
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={t('discussions.actions.edit', { author })}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" size={16} />
            {t('discussions.actions.editShort')}
          </button>
        )}
        {can.report && <ReportDialog thread={thread} post={post} />}
        {can.delete && (
          <ConfirmDialog
            question={t('discussions.removePost.question')}
            subject={t('discussions.removePost.details', { author })}
            confirmLabel={t('discussions.removePost.confirm')}
            tone="danger"
            onConfirm={confirmRemove}
            trigger={
              <button
                type="button"
                className="button button--ghost button--small discussion-post__danger"
                aria-label={t('discussions.actions.remove', { author })}
              >
                <Trash2 aria-hidden="true" size={16} />
                {t('discussions.actions.removeShort')}
              </button>
            }
          />
        )}
      </div>
    </div>
  );
}

/** Staff's view of a post's open reports: their reasons, and "Dismiss reports" (the post stays). */
function Reports({ thread, post }: { thread: DiscussionThread; post: DiscussionPost }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const dismiss = useDismissDiscussionReports(thread.id);
  const dismissReports = async () => {
    if (dismiss.isPending) return;
    try {
      await dismiss.mutateAsync(post.id);
      toast.success(t('discussions.toast.dismissed'));
    } catch (error) {
      toastError(error, t('discussions.toast.failed'));
    }
  };
  return (
    <section className="discussion-reports" aria-labelledby={titleId}>
      <h4 id={titleId} className="discussion-reports__title">
        <ShieldAlert aria-hidden="true" size={16} />
        {t('discussions.reports', { count: post.reports.length })}
      </h4>
      <ul className="discussion-reports__list">
        {post.reports.map((report, index) => (
          // Two reports may say the same at the same time: their place tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: reports have no id of their own.
          <li key={index}>
            <q>{report.reason}</q>{' '}
            <time className="discussions-muted" dateTime={report.at}>
              {formatInstant(report.at, i18n.language)}
            </time>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={t('discussions.actions.dismiss', { author: post.author.name })}
        onClick={() => void dismissReports()}
      >
        <FlagOff aria-hidden="true" size={16} />
        {t('discussions.actions.dismissShort')}
      </button>
    </section>
  );
}

/** "Report": a dialog asking what is wrong with the post; the subject's teachers are told. */
function ReportDialog({ thread, post }: { thread: DiscussionThread; post: DiscussionPost }) {
  const { t } = useTranslation();
  const id = useId();
  const report = useReportDiscussionPost(thread.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const author = post.author.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(t('validation.required'));
      document.getElementById(id)?.focus();
      return;
    }
    try {
      await report.mutateAsync({ id: post.id, reason: text });
      toast.success(t('discussions.toast.reported'));
      setOpen(false);
      setReason('');
    } catch (failure) {
      const message =
        failure instanceof ApiError ? (failure.errors?.reason?.[0] ?? failure.message) : null;
      if (message) setError(message);
      else toastError(failure, t('discussions.toast.failed'));
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t('discussions.actions.report', { author })}
        >
          <Flag aria-hidden="true" size={16} />
          {t('discussions.actions.reportShort')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog card">
          <Dialog.Title className="dialog__title">
            {t('discussions.report.title', { author })}
          </Dialog.Title>
          <Dialog.Description className="dialog__description">
            {t('discussions.report.intro')}
          </Dialog.Description>
          <form className="discussion-composer" onSubmit={submit} noValidate>
            <div className="field">
              <label className="field__label" htmlFor={id}>
                {t('discussions.report.reason')}
              </label>
              <textarea
                id={id}
                className="field__input field__area"
                maxLength={REASON_MAX}
                rows={4}
                value={reason}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  setReason(event.target.value);
                  setError(null);
                }}
              />
              {error && (
                <p id={`${id}-error`} className="field__error" role="alert">
                  {error}
                </p>
              )}
            </div>
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--ghost">
                  {t('confirm.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={report.isPending}>
                {t('discussions.report.send')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
