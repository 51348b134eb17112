/**
 * Where an evaluation's screens live (spec routes): the staff's under its subject, the student's
 * own page apart.
 */
export const evaluationPath = (evaluation: { id: number; subject: { id: number } }) =>
  `/${evaluation.subject.id}/evaluations/${evaluation.id}`;
export const evaluationEditPath = (evaluation: { id: number; subject: { id: number } }) =>
  `/${evaluation.subject.id}/evaluations/edit/${evaluation.id}`;
export const evaluationAddPath = (subjectId: number) => `/${subjectId}/evaluations/add`;
export const myEvaluationPath = (id: number) => `/evaluation-details/${id}`;
