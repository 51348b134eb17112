import type { PageRegistry } from './types.ts';

const notifications = () => import('../../features/notifications/index.ts');

/** The notification centre and its preferences, and the page of a mail's unsubscribe link. */
export const notificationPages: PageRegistry = {
  '/notifications': () => notifications().then((m) => m.NotificationsPage),
  // Opened from a mail, often signed out: its own chunk, without the centre and its preferences.
  '/unsubscribe/:token': () =>
    import('../../features/notifications/unsubscribe-page.tsx').then((m) => m.UnsubscribePage),
};
