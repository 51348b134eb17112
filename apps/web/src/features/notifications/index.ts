// The notification centre (issue 33, decision 200): the top bar's bell and its panel, the
// notifications page with the preferences, the page of a mail's unsubscribe link, and the
// dashboard's card of the unread ones (the bell and the card composed by the app).
export { NotificationBell } from './bell.tsx';
export { NotificationsPage } from './notifications-page.tsx';
export { UnreadSinceLastVisit } from './since-last-visit.tsx';
export { UnsubscribePage } from './unsubscribe-page.tsx';
