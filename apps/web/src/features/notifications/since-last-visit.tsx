import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkRead, useNotifications, useUnreadCount } from '../../api/notifications.ts';
import { NotificationTime, notificationHref, useNotificationText } from './parts.tsx';
import './notifications.css';

/** The unread notifications the dashboard's card lists at most. */
export const SINCE_LAST_VISIT = 5;

/**
 * The dashboard's card "Since your last visit" (composed by the app, for every role): the latest
 * unread notifications, each a link that marks it read, and the way to all of them. Nothing shows
 * while it loads, when it fails (the bell says so), or when everything is read.
 */
export function UnreadSinceLastVisit() {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useNotifications({ unread: true, limit: SINCE_LAST_VISIT });
  const count = useUnreadCount().data ?? list.data?.pages[0]?.unread ?? 0;
  const markRead = useMarkRead();
  const text = useNotificationText();
  // Read since (here, in the bell or another tab): gone from the card at once.
  const items = (list.data?.pages[0]?.data ?? [])
    .filter((item) => !item.read_at)
    .slice(0, SINCE_LAST_VISIT);
  if (items.length === 0) return null;

  return (
    <section className="card notifications-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <BellRing size={18} aria-hidden="true" />
        {t('notifications.sinceLastVisit.title')}
      </h2>
      <p className="notifications-muted">
        {t('notifications.sinceLastVisit.count', { count: Math.max(count, items.length) })}
      </p>
      <ul className="notifications-card__list" aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={notificationHref(item)}
              className="notifications-card__link"
              onClick={() => markRead.mutate(item.id)}
            >
              {text(item)}
            </Link>
            <NotificationTime at={item.created_at} className="notifications-card__time" />
          </li>
        ))}
      </ul>
      <p className="notifications-card__more">
        <Link to="/notifications">{t('notifications.sinceLastVisit.seeAll')}</Link>
      </p>
    </section>
  );
}
