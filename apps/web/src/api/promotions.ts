import type { PromotionBody } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListState, listQuery } from '../lib/list-state.ts';
import { api, ok } from './client.ts';

export function usePromotions(state: ListState, programId?: number) {
  return useQuery({
    queryKey: ['promotion', 'list', state, programId],
    queryFn: () =>
      ok(
        api.GET('/api/promotions', {
          params: { query: { ...listQuery(state), program_id: programId || undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every active promotion in scope, for the selects of other forms. */
export function usePromotionOptions(enabled = true) {
  return useQuery({
    queryKey: ['promotion', 'options'],
    queryFn: () =>
      ok(
        api.GET('/api/promotions', {
          params: { query: { per_page: 100, sort: '-academic_year' } },
        }),
      ),
    select: (answer) => answer.data,
    enabled,
  });
}

export function usePromotion(id: number) {
  return useQuery({
    queryKey: ['promotion', 'detail', id],
    queryFn: () => ok(api.GET('/api/promotions/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

/** The programs the institution offers (the promotion form's select). */
export function useProgramOptions(enabled = true) {
  return useQuery({
    queryKey: ['promotion', 'programs'],
    queryFn: () => ok(api.GET('/api/promotions/programs')),
    enabled,
  });
}

export const savePromotion = (body: PromotionBody, id?: number) =>
  id
    ? ok(api.PATCH('/api/promotions/{id}', { params: { path: { id } }, body }))
    : ok(api.POST('/api/promotions', { body }));
