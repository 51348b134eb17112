import type { GroupBody, RowPermissions } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';
import { type ListAnswer, type ListState, listSearch } from '../lib/list-state.ts';

export interface Group {
  id: number;
  promotion_id: number;
  promotion_name: string;
  program_id: number;
  academic_year: string;
  name: string;
  archived_at: string | null;
  nb_students: number;
  nb_subjects: number;
  can: RowPermissions;
}

export interface GroupDetail extends Group {
  students: { id: number; first_name: string; last_name: string; email: string }[];
  subjects: { id: number; name: string }[];
}

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
