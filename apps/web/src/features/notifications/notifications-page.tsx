import { Check, CheckCheck, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../../api/notifications.ts';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { NotificationTime, notificationHref, useNotificationText } from './parts.tsx';
import { PreferencesSection } from './preferences.tsx';
import './notifications.css';

/** The notifications a page of the list holds. */
export const PAGE_SIZE = 20;

/**
 * `/notifications`: every notification of the reader, the latest first, all or only the unread
 * ones, a page at a time; marking one or all read; and the preferences (how each type arrives,
 * the daily digest's hour and zone).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.page.title'));
  return (
    <div className="container page notifications-page">
      <PageHeader
        eyebrow={t('notifications.page.eyebrow')}
        title={t('notifications.page.title')}
        actions={
          <Link to="/notifications#preferences" className="button button--ghost button--small">
            <SlidersHorizontal aria-hidden="true" size={16} />
            {t('notifications.page.preferences')}
          </Link>
        }
      />
      <NotificationFeed />
      <PreferencesSection />
    </div>
  );
}

/** The list, its filter, "mark all as read" and "show more". */
function NotificationFeed() {
  const { t } = useTranslation();
  const titleId = useId();
  const filterName = useId();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotifications({ unread: unreadOnly, limit: PAGE_SIZE });
  const unread = useUnreadCount().data ?? list.data?.pages[0]?.unread;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const text = useNotificationText();
  const listRef = useRef<HTMLUListElement>(null);
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];

  // After "show more", the focus goes to the first notification loaded (the button may go).
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || items.length <= at) return;
    focusAt.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('a').item(at)?.focus();
  });
  const loadMore = async () => {
    focusAt.current = items.length;
    const next = await list.fetchNextPage();
    if (next.isError) {
      focusAt.current = null;
      toastError(next.error, t('notifications.loadFailed'));
    }
  };

  return (
    <section className="card notifications-section" aria-labelledby={titleId}>
      <div className="notifications-section__header">
        <h2 id={titleId}>{t('notifications.page.list')}</h2>
        {unread !== undefined && (
          <span className="badge">
            {unread > 0
              ? t('notifications.page.unreadCount', { count: unread })
              : t('notifications.page.allRead')}
          </span>
        )}
      </div>
      <div className="notifications-toolbar">
        <fieldset className="notification-filter">
          <legend className="sr-only">{t('notifications.page.filter')}</legend>
          {(['all', 'unread'] as const).map((value) => (
            <label key={value} className="notification-filter__option">
              <input
                type="radio"
                name={filterName}
                value={value}
                checked={unreadOnly === (value === 'unread')}
                onChange={() => setUnreadOnly(value === 'unread')}
              />
              <span className="notification-filter__label">
                {t(value === 'all' ? 'notifications.page.all' : 'notifications.page.unreadOnly')}
              </span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!unread || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: (error) => toastError(error) })}
        >
          <CheckCheck aria-hidden="true" size={16} />
          {t('notifications.panel.markAll')}
        </button>
      </div>
      {list.isError ? (
        <Notice kind="error">{t('notifications.loadFailed')}</Notice>
      ) : !list.data ? (
        <div className="notification-feed" aria-busy="true">
          <span className="sr-only">{t('app.loading')}</span>
          <Skeleton height="3.5rem" shape="block" />
          <Skeleton height="3.5rem" shape="block" />
          <Skeleton height="3.5rem" shape="block" />
        </div>
      ) : items.length === 0 ? (
        <p className="notification-empty">
          {t(unreadOnly ? 'notifications.page.emptyUnread' : 'notifications.page.empty')}
        </p>
      ) : (
        <ul className="notification-feed" aria-labelledby={titleId} ref={listRef}>
          {items.map((item) => {
            const sentence = text(item);
            return (
              <li key={item.id} className={`notification-row${item.read_at ? '' : ' is-unread'}`}>
                <span className="notification-dot" aria-hidden="true" />
                <div className="notification-row__body">
                  <Link
                    to={notificationHref(item)}
                    className="notification-row__link"
                    onClick={() => {
                      if (!item.read_at) markRead.mutate(item.id);
                    }}
                  >
                    {!item.read_at && <span className="sr-only">{t('notifications.unread')}</span>}{' '}
                    {sentence}
                  </Link>{' '}
                  <NotificationTime at={item.created_at} className="notification-row__time" />
                </div>
                {!item.read_at && (
                  <button
                    type="button"
                    className="icon-button notification-row__mark"
                    aria-label={t('notifications.markReadOf', { text: sentence })}
                    title={t('notifications.markRead')}
                    onClick={(event) => {
                      // The button goes once the notification is read: the focus moves to its link.
                      event.currentTarget.closest('li')?.querySelector('a')?.focus();
                      markRead.mutate(item.id, {
                        onError: (error) => toastError(error, t('notifications.markFailed')),
                      });
                    }}
                  >
                    <Check aria-hidden="true" size={18} />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="notifications-more">
          <button
            type="button"
            className="button button--ghost"
            disabled={list.isFetchingNextPage}
            onClick={() => void loadMore()}
          >
            {t('notifications.page.loadMore')}
          </button>
        </div>
      )}
    </section>
  );
}
