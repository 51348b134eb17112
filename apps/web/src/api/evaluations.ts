import type {
  EvaluationFields,
  EvaluationStatus,
  EvaluationType,
  NewEvaluationBody,
} from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListState, listQuery } from '../lib/list-state.ts';
import { api, fileBody, ok } from './client.ts';

/** Query keys of the evaluations: `['evaluation']` refreshes every screen that shows one. */
export const evaluationKeys = {
  all: ['evaluation'] as const,
  list: (state: ListState, filters: EvaluationFilters) =>
    ['evaluation', 'list', state, filters] as const,
  one: (id: number) => ['evaluation', 'detail', id] as const,
  budget: (subjectId: number, exclude?: number) =>
    ['evaluation', 'budget', subjectId, exclude ?? 0] as const,
  mine: (filters: MyEvaluationFilters) => ['evaluation', 'mine', filters] as const,
  myOne: (id: number) => ['evaluation', 'my', id] as const,
};

export interface EvaluationFilters {
  subject_id?: number;
  type?: EvaluationType;
}

export interface MyEvaluationFilters {
  type?: EvaluationType;
  status?: EvaluationStatus;
  page: number;
  per_page: number;
}

/** Evaluations in scope (staff), one page. */
export function useEvaluations(state: ListState, filters: EvaluationFilters) {
  return useQuery({
    queryKey: evaluationKeys.list(state, filters),
    queryFn: () =>
      ok(api.GET('/api/evaluations', { params: { query: { ...listQuery(state), ...filters } } })),
    placeholderData: keepPreviousData,
  });
}

export function useEvaluation(id: number) {
  return useQuery({
    queryKey: evaluationKeys.one(id),
    queryFn: () => ok(api.GET('/api/evaluations/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

/** The trainings of the subject with the percentage each already uses (`exclude`: being edited). */
export function useEvaluationBudget(subjectId: number, exclude?: number) {
  return useQuery({
    queryKey: evaluationKeys.budget(subjectId, exclude),
    queryFn: () =>
      ok(
        api.GET('/api/subjects/{id}/evaluation-budget', {
          params: { path: { id: subjectId }, query: { exclude: exclude || undefined } },
        }),
      ),
    enabled: subjectId > 0,
  });
}

/** The subjects the actor sees, by name: where a new evaluation may go. */
export function useSubjectChoices() {
  return useQuery({
    queryKey: ['evaluation', 'subjects'],
    queryFn: () =>
      ok(api.GET('/api/subjects', { params: { query: { per_page: 100, sort: 'name' } } })),
    staleTime: 60_000,
  });
}

/** One page of the student's evaluations with their statuses, and the server's clock. */
export function useMyEvaluations(filters: MyEvaluationFilters) {
  return useQuery({
    queryKey: evaluationKeys.mine(filters),
    queryFn: () => ok(api.GET('/api/me/evaluations', { params: { query: filters } })),
    placeholderData: keepPreviousData,
  });
}

export function useMyEvaluation(id: number) {
  return useQuery({
    queryKey: evaluationKeys.myOne(id),
    queryFn: () => ok(api.GET('/api/me/evaluations/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export const createEvaluation = (body: NewEvaluationBody) =>
  ok(api.POST('/api/evaluations', { body }));
export const updateEvaluation = (id: number, body: Partial<EvaluationFields>) =>
  ok(api.PATCH('/api/evaluations/{id}', { params: { path: { id } }, body }));

export type EvaluationFileSlot = 'document' | 'correction';

/** Sends the document or the correction PDF (multipart field `file`). */
export function uploadEvaluationFile(id: number, slot: EvaluationFileSlot, file: File) {
  const form = new FormData();
  form.append('file', file);
  return ok(
    api.POST(`/api/evaluations/{id}/${slot}`, { params: { path: { id } }, ...fileBody(form) }),
  );
}
export const removeEvaluationFile = (id: number, slot: EvaluationFileSlot) =>
  ok(api.DELETE(`/api/evaluations/{id}/${slot}`, { params: { path: { id } } }));

/** The subject an evaluation is added to (its name for the form's heading). */
export function useEvaluationSubject(id: number) {
  return useQuery({
    queryKey: ['evaluation', 'subject', id],
    queryFn: () => ok(api.GET('/api/subjects/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}
