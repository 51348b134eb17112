import type { DiscussionThread } from '@skolar/shared';
import { Bell, BellRing, CircleCheck, CircleHelp, Trash2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  useDiscussion,
  useModerateDiscussion,
  useRemoveDiscussion,
  useSubscribeDiscussion,
} from '../../api/discussions.ts';
import { formatInstant } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RichHtml } from '../../ui/rich-content.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { ReplyComposer } from './composer.tsx';
import { QuestionBadge, StaffMark } from './parts.tsx';
import { PostCard } from './post-card.tsx';
import { postAnchor, targetOf } from './text.ts';
import './discussions.css';

/**
 * `/discussions/:threadId`: a thread, live — its opening post then the replies, the accepted
 * answer also shown first; follow or stop following; a reply at the foot. Staff mark it a
 * question, accept an answer, remove posts or the thread. A notification's link (`#post-12`)
 * scrolls to its post, focuses and highlights it.
 */
export function DiscussionThreadPage() {
  const { t } = useTranslation();
  const id = Number(useParams().threadId);
  const valid = Number.isInteger(id) && id > 0;
  const thread = useDiscussion(valid ? id : 0);
  const { hash, key } = useLocation();
  const navigate = useNavigate();
  const target = targetOf(hash);
  usePageTitle(thread.data?.title ?? t('discussions.page.title'));

  // The post the address names: in view and focused once the thread is in, at each visit of a link.
  const loaded = thread.isSuccess;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit of the link (its key) counts, and the load; not each refresh.
  useEffect(() => {
    if (target === null || !loaded) return;
    const post = document.getElementById(postAnchor(target));
    if (!post) return;
    post.focus({ preventScroll: true });
    post.scrollIntoView?.({ block: 'start' });
  }, [target, key, loaded]);

  if (!valid || thread.isError) {
    const gone = !valid || (thread.error instanceof ApiError && thread.error.status === 404);
    return (
      <div className="container page discussions-page">
        <PageHeader
          eyebrow={t('discussions.page.title')}
          title={t(gone ? 'discussions.thread.goneTitle' : 'discussions.thread.loadFailed')}
          back={{ to: '/discussions', label: t('discussions.back') }}
        />
        <Notice kind={gone ? 'info' : 'error'}>
          {t(gone ? 'discussions.thread.gone' : 'discussions.thread.loadFailedHint')}
        </Notice>
      </div>
    );
  }
  const data = thread.data;
  if (!data) {
    return (
      <div className="container page discussions-page" aria-busy="true">
        <span className="sr-only">{t('app.loading')}</span>
        <Skeleton height="3rem" width="60%" shape="block" />
        <Skeleton height="10rem" shape="block" />
        <Skeleton height="8rem" shape="block" />
      </div>
    );
  }
  return (
    <ThreadView
      thread={data}
      target={target}
      onPosted={(postId) => navigate({ hash: postAnchor(postId) }, { replace: true })}
    />
  );
}

function ThreadView({
  thread,
  target,
  onPosted,
}: {
  thread: DiscussionThread;
  target: number | null;
  onPosted: (postId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const postsTitle = useId();
  const [opening] = thread.posts;
  const accepted = thread.posts.find((post) => post.accepted && !post.removed);
  return (
    <div className="container page discussions-page discussion-thread">
      <PageHeader
        eyebrow={thread.subject.name}
        title={thread.title}
        back={{ to: `/discussions?subject=${thread.subject.id}`, label: t('discussions.back') }}
        actions={<ThreadActions thread={thread} />}
      >
        <p className="discussion-meta">
          {thread.is_question && <QuestionBadge answered={thread.answered} />}
          <span>
            {t('discussions.thread.openedBy', { name: thread.author.name })}
            {thread.author.staff && (
              <>
                {' '}
                <StaffMark />
              </>
            )}
          </span>
          <time dateTime={thread.created_at}>
            {formatInstant(thread.created_at, i18n.language)}
          </time>
          <span>{t('discussions.replies', { count: thread.replies })}</span>
        </p>
      </PageHeader>
      {target !== null && !thread.posts.some((post) => post.id === target) && (
        <Notice kind="info">{t('discussions.thread.postGone')}</Notice>
      )}
      {accepted && (
        <section className="card discussion-answer" aria-labelledby={`${postsTitle}-answer`}>
          <h2 id={`${postsTitle}-answer`} className="discussion-answer__title">
            <CircleCheck aria-hidden="true" size={20} />
            {t('discussions.thread.acceptedAnswer')}
          </h2>
          <p className="discussion-meta">
            <span>{t('discussions.by', { name: accepted.author.name })}</span>
            <time dateTime={accepted.posted_at}>
              {formatInstant(accepted.posted_at, i18n.language)}
            </time>
          </p>
          {accepted.body !== null && <RichHtml html={accepted.body} />}
          <Link to={{ hash: postAnchor(accepted.id) }} className="discussion-answer__link">
            {t('discussions.thread.toAnswer')}
          </Link>
        </section>
      )}
      <section className="discussion-posts" aria-labelledby={postsTitle}>
        <h2 id={postsTitle} className="sr-only">
          {t('discussions.thread.posts')}
        </h2>
        <ol className="discussion-posts__list">
          {thread.posts.map((post) => (
            <li key={post.id}>
              <PostCard
                thread={thread}
                post={post}
                opening={post.id === opening?.id}
                targeted={post.id === target}
              />
            </li>
          ))}
        </ol>
      </section>
      <ReplyComposer thread={thread} onPosted={onPosted} />
    </div>
  );
}

/** Follow or stop following; staff: "question" and removing the whole thread. */
function ThreadActions({ thread }: { thread: DiscussionThread }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subscribe = useSubscribeDiscussion(thread.id);
  const moderate = useModerateDiscussion(thread.id);
  const remove = useRemoveDiscussion(thread.id);

  const toggleFollow = async () => {
    // Not disabled meanwhile: the button keeps the focus.
    if (subscribe.isPending) return;
    const next = !thread.subscribed;
    try {
      await subscribe.mutateAsync(next);
      toast.success(t(next ? 'discussions.toast.followed' : 'discussions.toast.unfollowed'));
    } catch (error) {
      toastError(error, t('discussions.toast.failed'));
    }
  };
  const toggleQuestion = async () => {
    if (moderate.isPending) return;
    try {
      await moderate.mutateAsync({ is_question: !thread.is_question });
    } catch (error) {
      toastError(error, t('discussions.toast.failed'));
    }
  };
  const confirmRemove = async () => {
    try {
      await remove.mutateAsync();
      toast.success(t('discussions.toast.threadRemoved'));
      navigate('/discussions');
    } catch (error) {
      toastError(error, t('discussions.toast.failed'));
    }
  };

  return (
    <div className="discussion-thread__actions">
      <button
        type="button"
        className="button button--ghost button--small discussion-toggle"
        aria-pressed={thread.subscribed}
        title={t(
          thread.subscribed ? 'discussions.thread.followingHint' : 'discussions.thread.followHint',
        )}
        onClick={() => void toggleFollow()}
      >
        {thread.subscribed ? (
          <BellRing aria-hidden="true" size={16} />
        ) : (
          <Bell aria-hidden="true" size={16} />
        )}
        {t('discussions.thread.follow')}
      </button>
      {thread.can.moderate && (
        <button
          type="button"
          className="button button--ghost button--small discussion-toggle"
          aria-pressed={thread.is_question}
          onClick={() => void toggleQuestion()}
        >
          <CircleHelp aria-hidden="true" size={16} />
          {t('discussions.thread.markQuestion')}
        </button>
      )}
      {thread.can.delete && (
        <ConfirmDialog
          question={t('discussions.removeThread.question')}
          subject={t('discussions.removeThread.details', { title: thread.title })}
          confirmLabel={t('discussions.removeThread.confirm')}
          tone="danger"
          onConfirm={confirmRemove}
          trigger={
            <button
              type="button"
              className="button button--ghost button--small discussion-post__danger"
            >
              <Trash2 aria-hidden="true" size={16} />
              {t('discussions.thread.remove')}
            </button>
          }
        />
      )}
    </div>
  );
}
