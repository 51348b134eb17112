import type { GroupBody } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListState, listQuery } from '../lib/list-state.ts';
import { api, ok } from './client.ts';

export function useGroups(state: ListState, promotionId?: number) {
  return useQuery({
    queryKey: ['group', 'list', state, promotionId],
    queryFn: () =>
      ok(
        api.GET('/api/groups', {
          params: { query: { ...listQuery(state), promotion_id: promotionId || undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useGroup(id: number) {
  return useQuery({
    queryKey: ['group', 'detail', id],
    queryFn: () => ok(api.GET('/api/groups/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export const createGroup = (body: GroupBody) => ok(api.POST('/api/groups', { body }));

/** Every group in scope, for the selects of other forms. */
export function useGroupOptions(enabled = true) {
  return useQuery({
    queryKey: ['group', 'options'],
    queryFn: () => ok(api.GET('/api/groups', { params: { query: { per_page: 100 } } })),
    select: (answer) => answer.data,
    enabled,
  });
}
