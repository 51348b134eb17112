import type {
  Evaluation,
  EvaluationBudget,
  EvaluationFields,
  EvaluationStatus,
  EvaluationType,
  MyEvaluationDetail,
  MyEvaluationList,
  NewEvaluationBody,
  SubjectDetail,
  SubjectRow,
} from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';
import { type ListAnswer, type ListState, listSearch } from '../lib/list-state.ts';

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

/** `&key=value` of the filters that are set. */
function filterSearch(filters: object): string {
  return Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `&${key}=${encodeURIComponent(String(value))}`)
    .join('');
}

/** Evaluations in scope (staff), one page. */
export function useEvaluations(state: ListState, filters: EvaluationFilters) {
  return useQuery({
    queryKey: evaluationKeys.list(state, filters),
    queryFn: () =>
      http.get<ListAnswer<Evaluation>>(
        `/api/evaluations?${listSearch(state)}${filterSearch(filters)}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useEvaluation(id: number) {
  return useQuery({
    queryKey: evaluationKeys.one(id),
    queryFn: () => http.get<Evaluation>(`/api/evaluations/${id}`),
    enabled: id > 0,
  });
}

/** The trainings of the subject with the percentage each already uses (`exclude`: being edited). */
export function useEvaluationBudget(subjectId: number, exclude?: number) {
  return useQuery({
    queryKey: evaluationKeys.budget(subjectId, exclude),
    queryFn: () =>
      http.get<EvaluationBudget>(
        `/api/subjects/${subjectId}/evaluation-budget${exclude ? `?exclude=${exclude}` : ''}`,
      ),
    enabled: subjectId > 0,
  });
}

/** The subjects the actor sees, by name: where a new evaluation may go. */
export function useSubjectChoices() {
  return useQuery({
    queryKey: ['evaluation', 'subjects'],
    queryFn: () => http.get<ListAnswer<SubjectRow>>('/api/subjects?per_page=100&sort=name'),
    staleTime: 60_000,
  });
}

/** One page of the student's evaluations with their statuses, and the server's clock. */
export function useMyEvaluations(filters: MyEvaluationFilters) {
  return useQuery({
    queryKey: evaluationKeys.mine(filters),
    queryFn: () =>
      http.get<MyEvaluationList>(`/api/me/evaluations?${filterSearch(filters).slice(1)}`),
    placeholderData: keepPreviousData,
  });
}

export function useMyEvaluation(id: number) {
  return useQuery({
    queryKey: evaluationKeys.myOne(id),
    queryFn: () => http.get<MyEvaluationDetail>(`/api/me/evaluations/${id}`),
    enabled: id > 0,
  });
}

export const createEvaluation = (body: NewEvaluationBody) =>
  http.post<Evaluation>('/api/evaluations', body);
export const updateEvaluation = (id: number, body: Partial<EvaluationFields>) =>
  http.patch<Evaluation>(`/api/evaluations/${id}`, body);

export type EvaluationFileSlot = 'document' | 'correction';

/** Sends the document or the correction PDF (multipart field `file`). */
export function uploadEvaluationFile(id: number, slot: EvaluationFileSlot, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<Evaluation>(`/api/evaluations/${id}/${slot}`, form);
}
export const removeEvaluationFile = (id: number, slot: EvaluationFileSlot) =>
  http.delete(`/api/evaluations/${id}/${slot}`);

/** The subject an evaluation is added to (its name for the form's heading). */
export function useEvaluationSubject(id: number) {
  return useQuery({
    queryKey: ['evaluation', 'subject', id],
    queryFn: () => http.get<SubjectDetail>(`/api/subjects/${id}`),
    enabled: id > 0,
  });
}
