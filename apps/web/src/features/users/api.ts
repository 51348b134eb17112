import type { Institution, UserBody, UserRow } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http, stepUpHeader } from '../../lib/http.ts';
import type { ListAnswer } from '../../lib/list-state.ts';

export type { UserRow } from '@skolar/shared';

export const userKeys = {
  all: ['users'] as const,
  one: (id: number) => ['users', id] as const,
};

export const useUser = (id: number) =>
  useQuery({ queryKey: userKeys.one(id), queryFn: () => http.get<UserRow>(`/api/users/${id}`) });

/** Institutions to choose from (active ones, by name; the first hundred). */
export const useInstitutionChoices = () =>
  useQuery({
    queryKey: ['institutions', 'choices'],
    queryFn: () => http.get<ListAnswer<Institution>>('/api/institutions?per_page=100&sort=name'),
    staleTime: 60_000,
  });

export const createUser = (body: UserBody) => http.post<UserRow>('/api/users', body);

export const updateUser = (id: number, body: UserBody, token: string) =>
  http.patch<UserRow>(`/api/users/${id}`, body, stepUpHeader(token));

export const setUserArchived = (id: number, archived: boolean) =>
  http.post<UserRow>(`/api/users/${id}/${archived ? 'archive' : 'unarchive'}`);

export const deleteUser = (id: number) => http.delete(`/api/users/${id}`);
