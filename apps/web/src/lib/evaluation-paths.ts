import { pagePath } from './page-path.ts';

/**
 * Where an evaluation's screens live (spec routes): the staff's under its subject, the student's
 * own page apart.
 */
export const evaluationPath = (evaluation: { id: number; subject: { id: number } }) =>
  pagePath('/:subjectId/evaluations/:evaluationId', {
    subjectId: evaluation.subject.id,
    evaluationId: evaluation.id,
  });
export const evaluationEditPath = (evaluation: { id: number; subject: { id: number } }) =>
  pagePath('/:subjectId/evaluations/edit/:evaluationId', {
    subjectId: evaluation.subject.id,
    evaluationId: evaluation.id,
  });
export const evaluationAddPath = (subjectId: number) =>
  pagePath('/:subjectId/evaluations/add', { subjectId });
export const myEvaluationPath = (id: number) => pagePath('/evaluation-details/:id', { id });
