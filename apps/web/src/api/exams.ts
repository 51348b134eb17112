import type {
  AttemptRosterRow,
  AttemptView,
  Evaluation,
  GiftImportAnswer,
  MyEvaluationDetail,
  MyEvaluationList,
  Question,
  QuestionBody,
  SaveAnswersBody,
} from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';
import type { ListAnswer } from '../lib/list-state.ts';

/** The answer of `PUT /api/attempts/:id/answers`. */
export interface SavedAnswers {
  saved: number;
  ignored: number[];
  server_now: string;
  deadline_at: string;
  remaining_seconds: number;
}

/** The student's attempt with its answers and the server's clock; never refetched behind the page. */
export function useAttempt(id: number) {
  return useQuery({
    queryKey: ['exam', 'attempt', id],
    queryFn: () => http.get<AttemptView>(`/api/attempts/${id}`),
    enabled: id > 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export const startAttempt = (evaluationId: number) =>
  http.post<AttemptView>(`/api/evaluations/${evaluationId}/attempts`);
export const saveAnswers = (attemptId: number, body: SaveAnswersBody) =>
  http.put<SavedAnswers>(`/api/attempts/${attemptId}/answers`, body);
export const finishAttempt = (attemptId: number) =>
  http.post<AttemptView>(`/api/attempts/${attemptId}/finish`);

/** The quiz of an exam with its answer key (staff). */
export function useQuestions(evaluationId: number) {
  return useQuery({
    queryKey: ['exam', 'questions', evaluationId],
    queryFn: () => http.get<{ data: Question[] }>(`/api/evaluations/${evaluationId}/questions`),
    enabled: evaluationId > 0,
  });
}
export const createQuestion = (evaluationId: number, body: QuestionBody) =>
  http.post<Question>(`/api/evaluations/${evaluationId}/questions`, body);
export const updateQuestion = (id: number, body: Partial<QuestionBody>) =>
  http.patch<Question>(`/api/questions/${id}`, body);
export const deleteQuestion = (id: number) => http.delete(`/api/questions/${id}`);
export const importGift = (evaluationId: number, text: string) =>
  http.post<GiftImportAnswer>(`/api/evaluations/${evaluationId}/questions/import`, { text });

/** Each student of the exam with their extra time and attempt. */
export function useAttemptRoster(evaluationId: number) {
  return useQuery({
    queryKey: ['exam', 'roster', evaluationId],
    queryFn: () =>
      http.get<{ data: AttemptRosterRow[] }>(`/api/evaluations/${evaluationId}/attempts`),
    enabled: evaluationId > 0,
  });
}
export const setExtraTime = (evaluationId: number, studentId: number, extraMinutes: number) =>
  http.put<AttemptRosterRow>(`/api/evaluations/${evaluationId}/accommodations/${studentId}`, {
    extra_minutes: extraMinutes,
  });

/** The tests a student may take (their evaluations carrying a quiz). */
export function useMyQuizzes(enabled: boolean) {
  return useQuery({
    queryKey: ['exam', 'my-quizzes'],
    queryFn: () => http.get<MyEvaluationList>('/api/me/evaluations?has_quiz=true&per_page=100'),
    enabled,
  });
}

/** The tests of the staff's scope. */
export function useStaffQuizzes(enabled: boolean) {
  return useQuery({
    queryKey: ['exam', 'quizzes'],
    queryFn: () => http.get<ListAnswer<Evaluation>>('/api/evaluations?has_quiz=true&per_page=100'),
    enabled,
  });
}

/** One evaluation as its student sees it (window, attempt). */
export function useMyEvaluation(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['exam', 'my-evaluation', id],
    queryFn: () => http.get<MyEvaluationDetail>(`/api/me/evaluations/${id}`),
    enabled: enabled && id > 0,
  });
}
