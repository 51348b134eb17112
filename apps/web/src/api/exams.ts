import type {
  QuestionBody,
  QuestionFileFormat,
  QuestionImportBody,
  QuizTryBody,
  SaveAnswersBody,
} from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from './client.ts';

/** The student's attempt with its answers and the server's clock; never refetched behind the page. */
export function useAttempt(id: number) {
  return useQuery({
    queryKey: ['exam', 'attempt', id],
    queryFn: () => ok(api.GET('/api/attempts/{id}', { params: { path: { id } } })),
    enabled: id > 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export const startAttempt = (evaluationId: number) =>
  ok(api.POST('/api/evaluations/{id}/attempts', { params: { path: { id: evaluationId } } }));
export const saveAnswers = (attemptId: number, body: SaveAnswersBody) =>
  ok(api.PUT('/api/attempts/{id}/answers', { params: { path: { id: attemptId } }, body }));
export const finishAttempt = (attemptId: number) =>
  ok(api.POST('/api/attempts/{id}/finish', { params: { path: { id: attemptId } } }));

/** The quiz of an exam with its answer key (staff). */
export function useQuestions(evaluationId: number) {
  return useQuery({
    queryKey: ['exam', 'questions', evaluationId],
    queryFn: () =>
      ok(api.GET('/api/evaluations/{id}/questions', { params: { path: { id: evaluationId } } })),
    enabled: evaluationId > 0,
  });
}
/** The quiz's item analysis on its closed attempts (those who mark the exam). */
export function useQuizStatistics(evaluationId: number) {
  return useQuery({
    queryKey: ['exam', 'statistics', evaluationId],
    queryFn: () =>
      ok(api.GET('/api/evaluations/{id}/statistics', { params: { path: { id: evaluationId } } })),
    enabled: evaluationId > 0,
  });
}
export const createQuestion = (evaluationId: number, body: QuestionBody) =>
  ok(api.POST('/api/evaluations/{id}/questions', { params: { path: { id: evaluationId } }, body }));
export const updateQuestion = (id: number, body: Partial<QuestionBody>) =>
  ok(api.PATCH('/api/questions/{id}', { params: { path: { id } }, body }));
export const deleteQuestion = (id: number) =>
  ok(api.DELETE('/api/questions/{id}', { params: { path: { id } } }));
/** Each question of a file as it would be imported, or why it is refused: nothing is written. */
export const previewQuestionImport = (evaluationId: number, body: QuestionImportBody) =>
  ok(
    api.POST('/api/evaluations/{id}/questions/import/preview', {
      params: { path: { id: evaluationId } },
      body,
    }),
  );
export const importQuestions = (evaluationId: number, body: QuestionImportBody) =>
  ok(
    api.POST('/api/evaluations/{id}/questions/import', {
      params: { path: { id: evaluationId } },
      body,
    }),
  );
/** Answers scored as a hand-in would score them, with their feedback; nothing is stored. */
export const tryQuiz = (evaluationId: number, body: QuizTryBody) =>
  ok(
    api.POST('/api/evaluations/{id}/questions/try', {
      params: { path: { id: evaluationId } },
      body,
    }),
  );
/** The quiz as a file to download (a plain link: the browser saves it). */
export const questionExportUrl = (evaluationId: number, format: QuestionFileFormat) =>
  `/api/evaluations/${evaluationId}/questions/export?format=${format}`;

/** Each student of the exam with their extra time and attempt. */
export function useAttemptRoster(evaluationId: number) {
  return useQuery({
    queryKey: ['exam', 'roster', evaluationId],
    queryFn: () =>
      ok(api.GET('/api/evaluations/{id}/attempts', { params: { path: { id: evaluationId } } })),
    enabled: evaluationId > 0,
  });
}
export const setExtraTime = (evaluationId: number, studentId: number, extraMinutes: number) =>
  ok(
    api.PUT('/api/evaluations/{id}/accommodations/{studentId}', {
      params: { path: { id: evaluationId, studentId } },
      body: {
        extra_minutes: extraMinutes,
      },
    }),
  );

/** The tests a student may take (their evaluations carrying a quiz). */
export function useMyQuizzes(enabled: boolean) {
  return useQuery({
    queryKey: ['exam', 'my-quizzes'],
    queryFn: () =>
      ok(
        api.GET('/api/me/evaluations', { params: { query: { has_quiz: 'true', per_page: 100 } } }),
      ),
    enabled,
  });
}

/** The tests of the staff's scope. */
export function useStaffQuizzes(enabled: boolean) {
  return useQuery({
    queryKey: ['exam', 'quizzes'],
    queryFn: () =>
      ok(api.GET('/api/evaluations', { params: { query: { has_quiz: 'true', per_page: 100 } } })),
    enabled,
  });
}

/** One evaluation as its student sees it (window, attempt). */
export function useMyEvaluation(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['exam', 'my-evaluation', id],
    queryFn: () => ok(api.GET('/api/me/evaluations/{id}', { params: { path: { id } } })),
    enabled: enabled && id > 0,
  });
}
