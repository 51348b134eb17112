import type { GradeEntry, ResultConflict, ResultPatchBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../lib/http.ts';
import { api, ok } from './client.ts';

/** The grid's query key: `['evaluation', id, 'results', groupId]` (prefix invalidated on writes). */
export const gradeGridKey = (evaluationId: number, groupId: number | null) =>
  ['evaluation', evaluationId, 'results', groupId] as const;

/** `?group_id=` when one group is shown, nothing for the whole promotion. */
const gridParams = (evaluationId: number, groupId: number | null) => ({
  path: { id: evaluationId },
  query: { group_id: groupId ?? undefined },
});

/** Staff: the grade grid of an evaluation, for the whole promotion or one group. */
export function useGradeGrid(evaluationId: number, groupId: number | null) {
  return useQuery({
    queryKey: gradeGridKey(evaluationId, groupId),
    queryFn: () =>
      ok(api.GET('/api/evaluations/{id}/results', { params: gridParams(evaluationId, groupId) })),
    enabled: evaluationId > 0,
  });
}

/** Saves the changed lines, all or nothing; answers the refreshed grid. */
export const saveGrades = (evaluationId: number, groupId: number | null, results: GradeEntry[]) =>
  ok(
    api.PUT('/api/evaluations/{id}/results', {
      params: gridParams(evaluationId, groupId),
      body: { results },
    }),
  );

/** Publishes the graded lines (of the given students, or all). */
export const publishResults = (evaluationId: number, studentIds?: number[]) =>
  ok(
    api.POST('/api/evaluations/{id}/publish', {
      params: { path: { id: evaluationId } },
      body: studentIds ? { student_ids: studentIds } : {},
    }),
  );

/** Reveals a blind-marked project's students to its markers, for good (decision 196). */
export const revealStudents = (evaluationId: number) =>
  ok(api.POST('/api/evaluations/{id}/reveal', { params: { path: { id: evaluationId } } }));

/**
 * Scores the quiz's closed attempts again with its current keys and moves the grades that hold
 * the old suggestion (decision 190); a dry run answers the same and writes nothing.
 */
export const regradeQuiz = (evaluationId: number, dryRun: boolean) =>
  ok(
    api.POST('/api/evaluations/{id}/regrade', {
      params: { path: { id: evaluationId } },
      body: { dry_run: dryRun },
    }),
  );

/** Marks the written answers of an attempt; answers the quiz's new suggestion. */
export const markAnswers = (
  attemptId: number,
  marks: Array<{ question_id: number; points: number }>,
) =>
  ok(api.PUT('/api/attempts/{id}/marks', { params: { path: { id: attemptId } }, body: { marks } }));

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
    queryFn: () => ok(api.GET('/api/results/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export function useResultHistory(id: number) {
  return useQuery({
    queryKey: [...resultKey(id), 'history'],
    queryFn: () => ok(api.GET('/api/results/{id}/history', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export const updateResult = (id: number, body: ResultPatchBody) =>
  ok(api.PATCH('/api/results/{id}', { params: { path: { id } }, body }));
