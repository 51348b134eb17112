import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The rows-per-page choices of every list (the API's `per_page`). */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];

/** What a list asks the API for: `?page=&per_page=&q=&sort=&archived=`. */
export interface ListState {
  page: number;
  per_page: PerPage;
  q: string;
  /** A column name, `-name` for descending; empty for the API's default order. */
  sort: string;
  archived: boolean;
}

/** The `{ data, meta }` answer of every list endpoint. */
export interface ListAnswer<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

const isPerPage = (value: number): value is PerPage =>
  (PER_PAGE_OPTIONS as readonly number[]).includes(value);

/**
 * A list's state kept in the address bar, so a reload, the back button or a shared link shows
 * the same page of the same search.
 */
export function useListState(defaults: Partial<ListState> = {}) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListState>(() => {
    const perPage = Number(params.get('per_page'));
    return {
      page: Math.max(1, Number(params.get('page')) || 1),
      per_page: isPerPage(perPage) ? perPage : (defaults.per_page ?? 25),
      q: params.get('q') ?? '',
      sort: params.get('sort') ?? defaults.sort ?? '',
      archived: params.get('archived') === 'true',
    };
  }, [params, defaults.per_page, defaults.sort]);

  const update = useCallback(
    (change: Partial<ListState>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...state, ...change };
          // A new search, sort, filter or page size starts again from the first page.
          if (!('page' in change)) merged.page = 1;
          const entries: [string, string][] = [
            ['page', merged.page > 1 ? String(merged.page) : ''],
            ['per_page', merged.per_page !== 25 ? String(merged.per_page) : ''],
            ['q', merged.q],
            ['sort', merged.sort],
            ['archived', merged.archived ? 'true' : ''],
          ];
          for (const [key, value] of entries) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, state],
  );

  return [state, update] as const;
}

/** The query of a list request: page and size, then the search, sort and filter that are set. */
export function listQuery(state: ListState) {
  return {
    page: state.page,
    per_page: state.per_page,
    q: state.q || undefined,
    sort: state.sort || undefined,
    archived: state.archived ? ('true' as const) : undefined,
  };
}
