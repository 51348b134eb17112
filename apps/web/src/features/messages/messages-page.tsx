import type { ConversationSummary } from '@skolar/shared';
import { Ban, PenSquare, User, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConversations } from '../../api/messages.ts';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { BlockedPeople } from './blocked-people.tsx';
import { NewMessageDialog } from './new-message-dialog.tsx';
import type { Contact } from './recipients-picker.tsx';
import { conversationName, excerpt } from './text.ts';
import './messages.css';

/** The person `?to=12` names, if the address names one. */
function recipientOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** The people of the reader's conversations, once each: where `?to=` is looked for too. */
function peopleOf(list: readonly ConversationSummary[] | undefined): Contact[] {
  const people = new Map<number, Contact>();
  for (const conversation of list ?? []) {
    for (const { id, name, staff } of conversation.members) people.set(id, { id, name, staff });
  }
  return [...people.values()];
}

/**
 * `/messages`: the reader's conversations, the latest first, live (a new message moves its
 * conversation up without reloading), each a link to itself with its last message and what is
 * unread; "New message" writes to 1 to 9 contacts (`?to=12` opens it with that person chosen);
 * the people the reader blocked, folded, each to unblock.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  usePageTitle(t('messages.page.title'));
  const list = useConversations();
  const items = list.data;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const to = recipientOf(search.get('to'));
  const [composing, setComposing] = useState(to !== null);
  const known = useMemo(() => peopleOf(items), [items]);
  // A link to write to someone, followed while the page is shown, opens the composer too.
  useEffect(() => {
    if (to !== null) setComposing(true);
  }, [to]);

  const onOpenChange = (open: boolean) => {
    setComposing(open);
    // Closed: the address no longer asks for it (a reload does not open it again).
    if (!open && search.has('to')) {
      setSearch(
        (params) => {
          params.delete('to');
          return params;
        },
        { replace: true },
      );
    }
  };

  return (
    <div className="container page messages-page">
      <PageHeader
        eyebrow={t('messages.page.eyebrow')}
        title={t('messages.page.title')}
        actions={
          <NewMessageDialog
            open={composing}
            onOpenChange={onOpenChange}
            to={to}
            known={known}
            onSent={(id) => navigate(`/messages/${id}`)}
            trigger={
              <button type="button" className="button button--primary" data-compose="">
                <PenSquare aria-hidden="true" size={18} />
                {t('messages.new')}
              </button>
            }
          />
        }
      >
        <p className="messages-muted">{t('messages.page.intro')}</p>
      </PageHeader>
      <section className="messages-section" aria-labelledby="conversations-heading">
        <h2 id="conversations-heading" className="sr-only">
          {t('messages.page.list')}
        </h2>
        {list.isError ? (
          <Notice kind="error">{t('messages.page.loadFailed')}</Notice>
        ) : !items ? (
          <div className="conversation-list" aria-busy="true">
            <span className="sr-only">{t('app.loading')}</span>
            <Skeleton height="4.5rem" shape="block" />
            <Skeleton height="4.5rem" shape="block" />
            <Skeleton height="4.5rem" shape="block" />
          </div>
        ) : items.length === 0 ? (
          <p className="messages-empty">{t('messages.page.empty')}</p>
        ) : (
          <ul className="conversation-list" aria-labelledby="conversations-heading">
            {items.map((item) => (
              <li key={item.id}>
                <ConversationRow conversation={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <BlockedPeople />
    </div>
  );
}

/**
 * A conversation in the list: its name (the link, over the whole row), one-to-one or group, its
 * last message's author, first words and time, what is unread (its count, said in words to screen
 * readers as the link's description), and whether a block stops it.
 */
function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { last_message: last, unread, blocked } = conversation;
  const name = conversationName(conversation, i18n.language);
  const group = conversation.members.length > 1;
  const Icon = group ? Users : User;
  return (
    <article className={`conversation-row${unread > 0 ? ' is-unread' : ''}`}>
      <span className="conversation-row__icon" aria-hidden="true">
        <Icon size={20} />
      </span>
      <div className="conversation-row__body">
        <div className="conversation-row__top">
          <h3 className="conversation-row__name">
            <Link
              to={`/messages/${conversation.id}`}
              className="conversation-row__link"
              aria-describedby={unread > 0 ? `${id}-unread` : undefined}
            >
              {name}
            </Link>
          </h3>
          {last && (
            <time
              dateTime={last.sent_at}
              title={formatInstant(last.sent_at, i18n.language)}
              className="conversation-row__time"
            >
              {formatRelative(last.sent_at, i18n.language)}
            </time>
          )}
        </div>
        <p className="conversation-row__last">
          {last ? (
            <>
              <span className="conversation-row__author">
                {t('messages.list.author', {
                  name: last.mine ? t('messages.you') : last.author.name,
                })}
              </span>{' '}
              {excerpt(last.body)}
            </>
          ) : (
            t('messages.list.noMessage')
          )}
        </p>
        {(blocked || group) && (
          <p className="conversation-row__facts">
            {group && (
              <span>{t('messages.list.people', { count: conversation.members.length + 1 })}</span>
            )}
            {blocked && (
              <span className="badge conversation-row__blocked">
                <Ban aria-hidden="true" size={12} />
                {t('messages.list.blocked')}
              </span>
            )}
          </p>
        )}
      </div>
      {unread > 0 && (
        <span className="conversation-row__unread">
          <span aria-hidden="true">{unread}</span>
          <span id={`${id}-unread`} className="sr-only">
            {t('messages.list.unread', { count: unread })}
          </span>
        </span>
      )}
    </article>
  );
}
