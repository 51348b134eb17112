import type { SubjectBody, SubjectCreate } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client.ts';

export type { SubjectDetail } from '@skolar/shared';

export const subjectKeys = {
  all: ['subjects'] as const,
  one: (id: number) => ['subjects', id] as const,
};

export const useSubject = (id: number) =>
  useQuery({
    queryKey: subjectKeys.one(id),
    queryFn: () => ok(api.GET('/api/subjects/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });

/** Institutions the super-admin may create a subject in (active ones, by name). */
export const useInstitutionChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['institutions', 'choices'],
    queryFn: () =>
      ok(api.GET('/api/institutions', { params: { query: { per_page: 100, sort: 'name' } } })),
    staleTime: 60_000,
    enabled,
  });

export const createSubject = (body: SubjectCreate) => ok(api.POST('/api/subjects', { body }));

export const updateSubject = (id: number, body: Partial<SubjectBody>) =>
  ok(api.PATCH('/api/subjects/{id}', { params: { path: { id } }, body }));

export const deleteSubject = (id: number) =>
  ok(api.DELETE('/api/subjects/{id}', { params: { path: { id } } }));
