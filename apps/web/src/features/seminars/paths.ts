// The seminar screens' paths (spec route table): `:id` is the promotion's program in the seminar
// paths, the promotion in the episode paths, and the seminar in the student's episode path.

interface SeminarRef {
  id: number;
  program_id: number;
  promotion_id: number;
}

export const seminarPath = (s: SeminarRef) => `/${s.program_id}/${s.promotion_id}/seminars/${s.id}`;
export const seminarEditPath = (s: { id: number }) => `/edit/${s.id}`;
export const seminarAddPath = (programId: number, promotionId: number) =>
  `/${programId}/${promotionId}/seminars/add`;
export const seminarEpisodesPath = (s: SeminarRef) =>
  `/${s.program_id}/${s.promotion_id}/seminar-episode/${s.id}`;
export const episodeAddPath = (s: SeminarRef) => `/${s.promotion_id}/${s.id}/episodes/add`;
export const episodePath = (promotionId: number, seminarId: number, episodeId: number) =>
  `/${promotionId}/${seminarId}/episodes/${episodeId}`;
export const episodeEditPath = (promotionId: number, seminarId: number, episodeId: number) =>
  `/${promotionId}/${seminarId}/episodes/edit/${episodeId}`;
export const studentSeminarPath = (id: number) => `/student/seminars/${id}`;
export const studentEpisodePath = (seminarId: number, episodeId: number) =>
  `/${seminarId}/episodes/${episodeId}?eventType=seminar`;
