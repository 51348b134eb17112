import type { Group, GroupBody, GroupDetail } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';
import { type ListAnswer, type ListState, listSearch } from '../lib/list-state.ts';

export function useGroups(state: ListState, promotionId?: number) {
  const extra = promotionId ? `&promotion_id=${promotionId}` : '';
  return useQuery({
    queryKey: ['group', 'list', state, promotionId],
    queryFn: () => http.get<ListAnswer<Group>>(`/api/groups?${listSearch(state)}${extra}`),
    placeholderData: keepPreviousData,
  });
}

export function useGroup(id: number) {
  return useQuery({
    queryKey: ['group', 'detail', id],
    queryFn: () => http.get<GroupDetail>(`/api/groups/${id}`),
    enabled: id > 0,
  });
}

export const createGroup = (body: GroupBody) => http.post<Group>('/api/groups', body);

/** Every group in scope, for the selects of other forms. */
export function useGroupOptions(enabled = true) {
  return useQuery({
    queryKey: ['group', 'options'],
    queryFn: () => http.get<ListAnswer<Group>>('/api/groups?per_page=100'),
    select: (answer) => answer.data,
    enabled,
  });
}
