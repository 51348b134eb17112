// Announcements (issue 33, decision 201): the page of announcements with staff's composer, and
// the dashboard's card of the pinned and latest ones (composed by the app).
export { AnnouncementsPage } from './announcements-page.tsx';
export { AnnouncementsCard } from './dashboard-card.tsx';
