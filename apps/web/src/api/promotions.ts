import type { ProgramOption, Promotion, PromotionBody } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';
import { type ListAnswer, type ListState, listSearch } from '../lib/list-state.ts';

export function usePromotions(state: ListState, programId?: number) {
  const extra = programId ? `&program_id=${programId}` : '';
  return useQuery({
    queryKey: ['promotion', 'list', state, programId],
    queryFn: () => http.get<ListAnswer<Promotion>>(`/api/promotions?${listSearch(state)}${extra}`),
    placeholderData: keepPreviousData,
  });
}

/** Every active promotion in scope, for the selects of other forms. */
export function usePromotionOptions(enabled = true) {
  return useQuery({
    queryKey: ['promotion', 'options'],
    queryFn: () =>
      http.get<ListAnswer<Promotion>>('/api/promotions?per_page=100&sort=-academic_year'),
    select: (answer) => answer.data,
    enabled,
  });
}

export function usePromotion(id: number) {
  return useQuery({
    queryKey: ['promotion', 'detail', id],
    queryFn: () => http.get<Promotion>(`/api/promotions/${id}`),
    enabled: id > 0,
  });
}

/** The programs the institution offers (the promotion form's select). */
export function useProgramOptions(enabled = true) {
  return useQuery({
    queryKey: ['promotion', 'programs'],
    queryFn: () => http.get<ProgramOption[]>('/api/promotions/programs'),
    enabled,
  });
}

export const savePromotion = (body: PromotionBody, id?: number) =>
  id
    ? http.patch<Promotion>(`/api/promotions/${id}`, body)
    : http.post<Promotion>('/api/promotions', body);
