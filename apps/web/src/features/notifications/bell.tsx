import * as Popover from '@radix-ui/react-popover';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useMarkAllRead,
  useMarkRead,
  useNotificationStream,
  useNotifications,
  useUnreadCount,
} from '../../api/notifications.ts';
import { Notice } from '../../ui/notice.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { NotificationTime, notificationHref, useNotificationText } from './parts.tsx';
import './notifications.css';

/** The notifications the bell's panel shows, the latest first. */
export const PANEL_SIZE = 8;

/** How long the announcement of new notifications stays before the next one starts again at 1. */
const ANNOUNCED_MS = 8000;

/** The badge's text: the count, "99+" beyond 99. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The bell of the top bar (signed in only): the unread count on a badge and in its name, and a
 * panel with the latest notifications (Escape or a click outside closes it and gives the focus
 * back to the bell). It keeps the tab's live stream open: the count follows at once, and a polite
 * status line says when new notifications arrive, without a toast.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount().data ?? 0;
  const [arrived, setArrived] = useState(0);
  useNotificationStream(true, () => setArrived((before) => before + 1));
  useEffect(() => {
    if (arrived === 0) return;
    const timer = setTimeout(() => setArrived(0), ANNOUNCED_MS);
    return () => clearTimeout(timer);
  }, [arrived]);
  const titleId = useId();
  const label =
    count > 0 ? t('notifications.bell.labelUnread', { count }) : t('notifications.bell.label');

  return (
    <div className="notification-bell">
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            className="icon-button notification-bell__button"
            aria-label={label}
            title={label}
          >
            <Bell aria-hidden="true" size={18} />
            {count > 0 && (
              <span className="notification-bell__badge" aria-hidden="true">
                {badgeText(count)}
              </span>
            )}
          </button>
        </Popover.Trigger>
        {/* Not portalled: the panel stays inside the top bar, like the user menu. */}
        <Popover.Content
          className="notification-panel"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={titleId}
        >
          <NotificationPanel titleId={titleId} unread={count} close={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Root>
      <p className="sr-only" role="status">
        {arrived > 0 ? t('notifications.bell.arrived', { count: arrived }) : ''}
      </p>
    </div>
  );
}

/** The panel's heading, "mark all as read", the latest notifications and the way to all of them. */
function NotificationPanel({
  titleId,
  unread,
  close,
}: {
  titleId: string;
  unread: number;
  close: () => void;
}) {
  const { t } = useTranslation();
  const list = useNotifications({ limit: PANEL_SIZE });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const text = useNotificationText();
  const heading = useRef<HTMLHeadingElement>(null);
  const items = list.data?.pages[0]?.data.slice(0, PANEL_SIZE) ?? [];

  return (
    <>
      <div className="notification-panel__header">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t('notifications.panel.title')}
        </h2>
        {unread > 0 && (
          <button
            type="button"
            className="notification-panel__action"
            onClick={() =>
              markAll.mutate(undefined, {
                // The button goes with the last unread one: the focus stays in the panel.
                onSettled: () => heading.current?.focus(),
                onError: (error) => toastError(error),
              })
            }
            disabled={markAll.isPending}
          >
            <CheckCheck aria-hidden="true" size={16} />
            {t('notifications.panel.markAll')}
          </button>
        )}
      </div>
      {list.isError ? (
        <div className="notification-panel__state">
          <Notice kind="error">{t('notifications.loadFailed')}</Notice>
        </div>
      ) : !list.data ? (
        <div className="notification-panel__state" aria-busy="true">
          <span className="sr-only">{t('app.loading')}</span>
          <Skeleton height="2.5rem" shape="block" />
          <Skeleton height="2.5rem" shape="block" />
          <Skeleton height="2.5rem" shape="block" />
        </div>
      ) : items.length === 0 ? (
        <p className="notification-panel__state notification-empty">
          {t('notifications.panel.empty')}
        </p>
      ) : (
        <ul className="notification-panel__list" aria-labelledby={titleId}>
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={notificationHref(item)}
                className={`notification-item${item.read_at ? '' : ' is-unread'}`}
                onClick={() => {
                  if (!item.read_at) markRead.mutate(item.id);
                  close();
                }}
              >
                <span className="notification-dot" aria-hidden="true" />
                <span className="notification-item__body">
                  <span className="notification-item__text">
                    {!item.read_at && <span className="sr-only">{t('notifications.unread')}</span>}{' '}
                    {text(item)}
                  </span>{' '}
                  <NotificationTime at={item.created_at} className="notification-item__time" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="notification-panel__footer">
        <Link to="/notifications" onClick={close}>
          {t('notifications.panel.seeAll')}
        </Link>
      </div>
    </>
  );
}
