import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';
import { type ListAnswer, type ListState, listSearch } from '../lib/list-state.ts';

/** One page of a list endpoint for the list state in the address bar. */
export function useListQuery<T>(key: readonly unknown[], path: string, state: ListState) {
  return useQuery({
    queryKey: [...key, 'list', state],
    queryFn: () =>
      http.get<ListAnswer<T>>(`${path}${path.includes('?') ? '&' : '?'}${listSearch(state)}`),
    placeholderData: keepPreviousData,
  });
}
