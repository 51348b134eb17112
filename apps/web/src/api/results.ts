import type {
  GradeChange,
  GradeEntry,
  GradeGrid,
  PublishResultsAnswer,
  QuizPrefill,
  Result,
  ResultConflict,
  ResultPatchBody,
} from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../lib/http.ts';

/** The grid's query key: `['evaluation', id, 'results', groupId]` (prefix invalidated on writes). */
export const gradeGridKey = (evaluationId: number, groupId: number | null) =>
  ['evaluation', evaluationId, 'results', groupId] as const;

/** `?group_id=` when one group is shown, nothing for the whole promotion. */
const groupQuery = (groupId: number | null) =>
  groupId === null ? '' : new URLSearchParams({ group_id: String(groupId) }).toString();

/** Staff: the grade grid of an evaluation, for the whole promotion or one group. */
export function useGradeGrid(evaluationId: number, groupId: number | null) {
  return useQuery({
    queryKey: gradeGridKey(evaluationId, groupId),
    queryFn: () =>
      http.get<GradeGrid>(`/api/evaluations/${evaluationId}/results?${groupQuery(groupId)}`),
    enabled: evaluationId > 0,
  });
}

/** Saves the changed lines, all or nothing; answers the refreshed grid. */
export const saveGrades = (evaluationId: number, groupId: number | null, results: GradeEntry[]) =>
  http.put<GradeGrid>(`/api/evaluations/${evaluationId}/results?${groupQuery(groupId)}`, {
    results,
  });

/** Publishes the graded lines (of the given students, or all). */
export const publishResults = (evaluationId: number, studentIds?: number[]) =>
  http.post<PublishResultsAnswer>(
    `/api/evaluations/${evaluationId}/publish`,
    studentIds ? { student_ids: studentIds } : {},
  );

/** Marks the written answers of an attempt; answers the quiz's new suggestion. */
export const markAnswers = (
  attemptId: number,
  marks: Array<{ question_id: number; points: number }>,
) => http.put<QuizPrefill>(`/api/attempts/${attemptId}/marks`, { marks });

/** The lines of a 409 of a grading batch (who changed them, what they hold now). */
export function conflictsOf(error: unknown): ResultConflict[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const body = error.body as { conflicts?: ResultConflict[] } | undefined;
  return body?.conflicts ?? [];
}

export const resultKey = (id: number) => ['result', id] as const;

export function useResult(id: number) {
  return useQuery({
    queryKey: resultKey(id),
    queryFn: () => http.get<Result>(`/api/results/${id}`),
    enabled: id > 0,
  });
}

export function useResultHistory(id: number) {
  return useQuery({
    queryKey: [...resultKey(id), 'history'],
    queryFn: () => http.get<{ data: GradeChange[] }>(`/api/results/${id}/history`),
    enabled: id > 0,
  });
}

export const updateResult = (id: number, body: ResultPatchBody) =>
  http.patch<Result>(`/api/results/${id}`, body);
