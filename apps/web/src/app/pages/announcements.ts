import type { PageRegistry } from './types.ts';

/** The announcements: learners read them, staff also post, edit, pin and withdraw them. */
export const announcementPages: PageRegistry = {
  '/announcements': () =>
    import('../../features/announcements/index.ts').then((m) => m.AnnouncementsPage),
};
