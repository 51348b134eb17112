// The seminar screens' paths (spec route table): `:id` is the promotion's program in the seminar
// paths, the promotion in the episode paths, and the seminar in the student's episode path.
import { pagePath } from '../../lib/page-path.ts';

interface SeminarRef {
  id: number;
  program_id: number;
  promotion_id: number;
}

export const seminarPath = (s: SeminarRef) =>
  pagePath('/:id/:promotionId/seminars/:seminarId', {
    id: s.program_id,
    promotionId: s.promotion_id,
    seminarId: s.id,
  });
export const seminarEditPath = (s: { id: number }) =>
  pagePath('/edit/:seminarId', { seminarId: s.id });
export const seminarAddPath = (programId: number, promotionId: number) =>
  pagePath('/:id/:promotionId/seminars/add', { id: programId, promotionId });
export const seminarEpisodesPath = (s: SeminarRef) =>
  pagePath('/:id/:promotionId/seminar-episode/:seminarId', {
    id: s.program_id,
    promotionId: s.promotion_id,
    seminarId: s.id,
  });
export const episodeAddPath = (s: SeminarRef) =>
  pagePath('/:id/:seminarId/episodes/add', { id: s.promotion_id, seminarId: s.id });
export const episodePath = (promotionId: number, seminarId: number, episodeId: number) =>
  pagePath('/:id/:seminarId/episodes/:episodeId', { id: promotionId, seminarId, episodeId });
export const episodeEditPath = (promotionId: number, seminarId: number, episodeId: number) =>
  pagePath('/:id/:seminarId/episodes/edit/:episodeId', { id: promotionId, seminarId, episodeId });
export const studentSeminarPath = (id: number) => pagePath('/student/seminars/:id', { id });
export const studentEpisodePath = (seminarId: number, episodeId: number) =>
  `${pagePath('/:id/episodes/:episodeId', { id: seminarId, episodeId })}?eventType=seminar` as const;
