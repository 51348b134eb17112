import type { UserBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client.ts';
import { stepUpHeader } from '../../lib/http.ts';

export const userKeys = {
  all: ['users'] as const,
  one: (id: number) => ['users', id] as const,
};

export const useUser = (id: number) =>
  useQuery({
    queryKey: userKeys.one(id),
    queryFn: () => ok(api.GET('/api/users/{id}', { params: { path: { id } } })),
  });

/** Institutions to choose from (active ones, by name; the first hundred). */
export const useInstitutionChoices = () =>
  useQuery({
    queryKey: ['institutions', 'choices'],
    queryFn: () =>
      ok(api.GET('/api/institutions', { params: { query: { per_page: 100, sort: 'name' } } })),
    staleTime: 60_000,
  });

export const createUser = (body: UserBody) => ok(api.POST('/api/users', { body }));

export const updateUser = (id: number, body: UserBody, token: string) =>
  ok(
    api.PATCH('/api/users/{id}', { params: { path: { id } }, body, headers: stepUpHeader(token) }),
  );

export const setUserArchived = (id: number, archived: boolean) =>
  ok(
    api.POST(`/api/users/{id}/${archived ? 'archive' : 'unarchive'}`, { params: { path: { id } } }),
  );

export const deleteUser = (id: number) =>
  ok(api.DELETE('/api/users/{id}', { params: { path: { id } } }));
