import type { PageRegistry } from './types.ts';

const evaluations = () => import('../../features/evaluations/index.ts');

/** Evaluations: the staff's screens, the student's, and the exams' (online tests). */
export const evaluationPages: PageRegistry = {
  '/evaluations': () => evaluations().then((m) => m.EvaluationsPage),
  '/:subjectId/evaluations/add': () => evaluations().then((m) => m.EvaluationFormPage),
  '/:subjectId/evaluations/:evaluationId': () => evaluations().then((m) => m.EvaluationDetailPage),
  '/:subjectId/evaluations/edit/:evaluationId': () =>
    evaluations().then((m) => m.EvaluationFormPage),
  '/list-evaluations': () => evaluations().then((m) => m.MyEvaluationsPage),
  '/evaluation-details/:id': () => evaluations().then((m) => m.MyEvaluationPage),
  '/quizz': () => evaluations().then((m) => m.QuizzesPage),
  '/test/:id': () => evaluations().then((m) => m.TestPage),
  '/question-bank/:subjectId': () => evaluations().then((m) => m.QuestionBankPage),
  '/marking/:evaluationId': () => evaluations().then((m) => m.MarkingPage),
  '/start-evaluation/:id/:token': () => evaluations().then((m) => m.ExamPage),
};
