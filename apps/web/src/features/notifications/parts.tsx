import { NOTIFICATION_RULES, type Notification, notificationText } from '@skolar/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale } from '../../i18n/locale.ts';
import { formatInstant, formatRelative } from '../../lib/format.ts';

/**
 * A notification's sentence in the reader's language (`notificationText`, the same texts the API
 * mails), its names and titles filled in; a type this version does not know reads "Notification".
 */
export function useNotificationText(): (notification: Notification) => string {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return useCallback(
    (notification: Notification) =>
      notification.type in NOTIFICATION_RULES
        ? notificationText(notification.type, locale, notification.params)
        : t('notifications.fallback'),
    [locale, t],
  );
}

/**
 * Where a notification leads: a path of this application, else the notification centre (a link
 * is never followed off the site, whatever the row says).
 */
export function notificationHref(notification: Notification): string {
  const { link } = notification;
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')
    ? link
    : '/notifications';
}

/** When a notification came: how long ago, its full date and time on hover and for machines. */
export function NotificationTime({ at, className }: { at: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={at} title={formatInstant(at, i18n.language)} className={className}>
      {formatRelative(at, i18n.language)}
    </time>
  );
}
