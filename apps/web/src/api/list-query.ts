import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListAnswer, type ListState, listQuery } from '../lib/list-state.ts';
import { type ApiUrl, callUrl } from './client.ts';

/** One page of a list endpoint for the list state in the address bar. */
export function useListQuery<T>(key: readonly unknown[], path: ApiUrl<'get'>, state: ListState) {
  return useQuery({
    queryKey: [...key, 'list', state],
    queryFn: () => callUrl<ListAnswer<T>>('GET', path, { query: listQuery(state) }),
    placeholderData: keepPreviousData,
  });
}
