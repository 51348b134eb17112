import type { Conversation, Message } from '@skolar/shared';
import { CheckCheck } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../lib/format.ts';
import { listNames, messageTime, receiptsOf } from './text.ts';

/** How close to the end (px) the reader counts as following the conversation. */
const FOLLOWING_PX = 80;

interface MessageLogProps {
  /** The conversation's pages as loaded: the first the latest messages, each next one older. */
  pages: readonly Conversation[];
  /** Whether older messages exist before the first one shown. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/**
 * The messages of a conversation in a box that scrolls, oldest first, the latest at the bottom:
 * each with its author, time and text (plain, its line breaks kept), the reader's own at the end
 * in another tone, and under the reader's messages who has seen them ("Seen" in a one-to-one,
 * "Seen by …" in a group, under the latest each member has read). The latest page is a live log:
 * a new message is announced; older ones, asked for with "Load older messages", are not. The box
 * follows new messages while the reader is at its end, and keeps its place when older ones come.
 */
export function MessageLog({ pages, hasOlder, loadingOlder, onLoadOlder }: MessageLogProps) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const [latest] = pages;
  const older = pages.slice(1).toReversed();
  const members = latest?.members ?? [];
  const oneToOne = members.length === 1;
  const all = [...older.flatMap((page) => page.messages), ...(latest?.messages ?? [])];
  const receipts = receiptsOf(all, members);
  const lastId = latest?.messages.at(-1)?.id;
  const lastMine = latest?.messages.at(-1)?.mine ?? false;

  // Following the end unless the reader scrolled up; at the end after their own message anyway.
  const following = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new latest message, not each render.
  useLayoutEffect(() => {
    const element = box.current;
    if (element && (following.current || lastMine)) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  // Older messages come above: the box keeps what the reader was looking at in its place.
  const fromEnd = useRef<number | null>(null);
  const olderCount = older.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page of older messages.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || fromEnd.current === null) return;
    element.scrollTop = element.scrollHeight - fromEnd.current;
    fromEnd.current = null;
  }, [olderCount]);

  // The button gone (no older messages left) while it had the focus: the box takes it.
  const buttonFocused = useRef(false);
  useEffect(() => {
    if (!hasOlder && buttonFocused.current) {
      buttonFocused.current = false;
      box.current?.focus();
    }
  }, [hasOlder]);

  const loadOlder = () => {
    const element = box.current;
    if (element) fromEnd.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  };

  const item = (message: Message) => {
    const seenBy = receipts.get(message.id);
    return (
      <li key={message.id} className={`message${message.mine ? ' message--mine' : ''}`}>
        <div className="message__bubble">
          <p className="message__meta">
            <span className="message__author">
              {message.mine ? t('messages.you') : message.author.name}
            </span>
            <time
              dateTime={message.sent_at}
              title={formatInstant(message.sent_at, i18n.language, {
                dateStyle: 'full',
                timeStyle: 'short',
              })}
            >
              {messageTime(message.sent_at, i18n.language)}
            </time>
          </p>
          <p className="message__body">{message.body}</p>
        </div>
        {seenBy && (
          <p className="message__receipt">
            <CheckCheck aria-hidden="true" size={14} />
            {oneToOne
              ? t('messages.conversation.seen')
              : t('messages.conversation.seenBy', { names: listNames(seenBy, i18n.language) })}
          </p>
        )}
      </li>
    );
  };

  return (
    <section
      ref={box}
      className="message-log"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so the keyboard scrolls it (WCAG 2.1.1)
      tabIndex={0}
      aria-label={t('messages.conversation.messages')}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current =
          element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOWING_PX;
      }}
    >
      {hasOlder && (
        <div className="message-log__older">
          <button
            type="button"
            className="button button--ghost button--small"
            // Not disabled meanwhile: the button keeps the focus.
            aria-disabled={loadingOlder}
            onFocus={() => {
              buttonFocused.current = true;
            }}
            onBlur={() => {
              buttonFocused.current = false;
            }}
            onClick={() => {
              if (!loadingOlder) loadOlder();
            }}
          >
            {loadingOlder ? t('app.loading') : t('messages.conversation.older')}
          </button>
        </div>
      )}
      {older.length > 0 && (
        <ol className="message-list" aria-label={t('messages.conversation.olderList')}>
          {older.flatMap((page) => page.messages).map(item)}
        </ol>
      )}
      <div role="log" aria-live="polite" aria-label={t('messages.conversation.latest')}>
        {latest && latest.messages.length > 0 ? (
          <ol className="message-list">{latest.messages.map(item)}</ol>
        ) : (
          <p className="messages-muted message-log__empty">{t('messages.conversation.empty')}</p>
        )}
      </div>
    </section>
  );
}
