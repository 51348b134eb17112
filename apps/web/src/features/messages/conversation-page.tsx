import { roleMay } from '@skolar/shared';
import { Ban, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import {
  useBlock,
  useBlocks,
  useConversation,
  useMarkConversationRead,
  useUnblock,
} from '../../api/messages.ts';
import { useSession } from '../../api/session.ts';
import { ApiError } from '../../lib/http.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { Composer } from './composer.tsx';
import { MessageLog } from './message-log.tsx';
import { conversationName } from './text.ts';
import './messages.css';

const BACK = { to: '/messages', label: '' } as const;

/** The reason of a refusal the API gave under a field (a 422), else its message. */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const [first] = Object.values(error.errors ?? {}).flat();
  return first ? new ApiError(error.status, first) : error;
}

/**
 * Marks the conversation read (the reader's receipt, and its notifications) when it is shown, and
 * again each time a message of someone else arrives while it is, once the tab is in sight.
 */
function useReadWhileShown(id: number, latest: { id: number; mine: boolean } | null | undefined) {
  const { mutate: markRead } = useMarkConversationRead();
  const marked = useRef<string | null>(null);
  const latestId = latest?.id ?? null;
  const latestMine = latest?.mine ?? false;
  const loaded = latest !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const key = `${id}:${latestId}`;
    const mark = () => {
      if (marked.current === key || document.visibilityState === 'hidden') return;
      const first = !marked.current?.startsWith(`${id}:`);
      marked.current = key;
      // The reader's own message moves nothing they have not read.
      if (first || !latestMine) markRead(id);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [id, latestId, latestMine, loaded, markRead]);
}

/**
 * `/messages/:conversationId`: a conversation of the reader. Its name (its title, else the other
 * members' names), who is in it (staff marked), its messages with read receipts (older ones on
 * demand), and the composer at the bottom, disabled with the reason when a block stops a
 * one-to-one. In a one-to-one, the reader may block the other person (after a confirmation), or
 * unblock them. Shown, it marks itself read, and again as messages arrive; it is asked again when
 * a notification of a message arrives, and every 15 s.
 */
export function ConversationPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().conversationId);
  const query = useConversation(id);
  const pages = query.data?.pages;
  const latest = pages?.[0];
  const name = latest ? conversationName(latest, i18n.language) : '';
  usePageTitle(name || t('messages.conversation.title'));
  const back = { ...BACK, label: t('messages.conversation.back') };
  const last = latest ? (latest.messages.at(-1) ?? null) : undefined;
  useReadWhileShown(id, last);

  const other = latest?.members.length === 1 ? latest.members[0] : undefined;
  const blocks = useBlocks(other !== undefined);
  const iBlocked = other !== undefined && (blocks.data ?? []).some((item) => item.id === other.id);

  const valid = Number.isInteger(id) && id > 0;
  if (query.isError || !valid) {
    const gone = !valid || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <div className="container page conversation-page">
        <PageHeader
          eyebrow={t('messages.page.title')}
          title={t('messages.conversation.title')}
          back={back}
        />
        <Notice kind="error">
          {t(gone ? 'messages.conversation.notFound' : 'messages.conversation.loadFailed')}
        </Notice>
      </div>
    );
  }

  if (!latest || !pages) {
    return (
      <div className="container page conversation-page" aria-busy="true">
        <span className="sr-only">{t('app.loading')}</span>
        <Skeleton width="14rem" height="2.5rem" shape="block" />
        <Skeleton height="20rem" shape="block" />
        <Skeleton height="5rem" shape="block" />
      </div>
    );
  }

  const blockedReason = !latest.blocked
    ? null
    : iBlocked && other
      ? t('messages.composer.youBlocked', { name: other.name })
      : t('messages.composer.blocked');

  return (
    <div className="container page conversation-page">
      <PageHeader
        eyebrow={t('messages.page.title')}
        title={name}
        back={back}
        actions={other && <BlockAction person={other} blocked={iBlocked} />}
      >
        <div className="conversation__members">
          <span className="messages-muted">{t('messages.conversation.with')}</span>
          <ul aria-label={t('messages.conversation.members')}>
            {latest.members.map((member) => (
              <li key={member.id}>
                {member.name}
                {member.staff && ' '}
                {member.staff && (
                  <span className="badge conversation__staff">
                    <span className="sr-only">(</span>
                    {t('messages.staff')}
                    <span className="sr-only">)</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      </PageHeader>
      <section className="card conversation" aria-label={t('messages.conversation.title')}>
        <MessageLog
          // Another conversation starts at its end, its composer empty.
          key={`log-${id}`}
          pages={pages}
          hasOlder={query.hasNextPage}
          loadingOlder={query.isFetchingNextPage}
          onLoadOlder={() => void query.fetchNextPage()}
        />
        <Composer key={`composer-${id}`} conversationId={id} blockedReason={blockedReason} />
      </section>
    </div>
  );
}

/**
 * Block the other person of a one-to-one (after a confirmation), or unblock them. A learner
 * blocks only learners: the button is not offered them for staff (the server would refuse, 422,
 * whose reason a toast says).
 */
function BlockAction({
  person,
  blocked,
}: {
  person: { id: number; name: string; staff: boolean };
  blocked: boolean;
}) {
  const { t } = useTranslation();
  const role = useSession().user?.role;
  const block = useBlock();
  const unblock = useUnblock();
  if (role === undefined || !roleMay(role, 'create', 'block')) return null;
  if (blocked) {
    const release = async () => {
      try {
        await unblock.mutateAsync(person.id);
        toast.success(t('messages.blocks.unblocked', { name: person.name }));
      } catch (error) {
        toastError(error, t('messages.blocks.unblockFailed'));
      }
    };
    return (
      <button
        type="button"
        className="button button--ghost button--small"
        aria-disabled={unblock.isPending}
        onClick={() => {
          if (!unblock.isPending) void release();
        }}
      >
        <CircleCheck aria-hidden="true" size={16} />
        {t('messages.blocks.unblockPerson', { name: person.name })}
      </button>
    );
  }
  if (role === 'student' && person.staff) return null;
  const confirm = async () => {
    try {
      await block.mutateAsync(person.id);
      toast.success(t('messages.blocks.blocked', { name: person.name }));
    } catch (error) {
      toastError(refusalOf(error), t('messages.blocks.blockFailed'));
    }
  };
  return (
    <ConfirmDialog
      question={t('messages.blocks.question', { name: person.name })}
      subject={t('messages.blocks.details')}
      confirmLabel={t('messages.blocks.confirm')}
      tone="danger"
      onConfirm={confirm}
      trigger={
        <button type="button" className="button button--ghost button--small">
          <Ban aria-hidden="true" size={16} />
          {t('messages.blocks.blockPerson', { name: person.name })}
        </button>
      }
    />
  );
}
