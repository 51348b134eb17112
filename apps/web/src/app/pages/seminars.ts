import type { PageRegistry } from './types.ts';

const seminars = () => import('../../features/seminars/index.ts');

/** Seminars and their episodes: the staff's screens and the student's. */
export const seminarPages: PageRegistry = {
  '/seminars': () => seminars().then((m) => m.SeminarsPage),
  '/:id/:promotionId/seminars/add': () => seminars().then((m) => m.SeminarFormPage),
  '/:id/:promotionId/seminars/:seminarId': () => seminars().then((m) => m.SeminarDetailPage),
  '/edit/:seminarId': () => seminars().then((m) => m.SeminarFormPage),
  '/:id/:promotionId/seminar-episode/:seminarId': () =>
    seminars().then((m) => m.SeminarEpisodesPage),
  '/:id/:seminarId/episodes/add': () => seminars().then((m) => m.EpisodeFormPage),
  '/:id/:seminarId/episodes/:episodeId': () => seminars().then((m) => m.EpisodeDetailPage),
  '/:id/:seminarId/episodes/edit/:episodeId': () => seminars().then((m) => m.EpisodeFormPage),
  '/student/seminars': () => seminars().then((m) => m.MySeminarsPage),
  '/student/seminars/:id': () => seminars().then((m) => m.StudentSeminarPage),
  '/:id/episodes/:episodeId': () => seminars().then((m) => m.StudentEpisodePage),
};
