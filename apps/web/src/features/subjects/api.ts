import type { Institution, SubjectBody, SubjectCreate, SubjectDetail } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import type { ListAnswer } from '../../lib/list-state.ts';

export type { SubjectDetail } from '@skolar/shared';

export const subjectKeys = {
  all: ['subjects'] as const,
  one: (id: number) => ['subjects', id] as const,
};

export const useSubject = (id: number) =>
  useQuery({
    queryKey: subjectKeys.one(id),
    queryFn: () => http.get<SubjectDetail>(`/api/subjects/${id}`),
    enabled: id > 0,
  });

/** Institutions the super-admin may create a subject in (active ones, by name). */
export const useInstitutionChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['institutions', 'choices'],
    queryFn: () => http.get<ListAnswer<Institution>>('/api/institutions?per_page=100&sort=name'),
    staleTime: 60_000,
    enabled,
  });

export const createSubject = (body: SubjectCreate) =>
  http.post<SubjectDetail>('/api/subjects', body);

export const updateSubject = (id: number, body: Partial<SubjectBody>) =>
  http.patch<SubjectDetail>(`/api/subjects/${id}`, body);

export const deleteSubject = (id: number) => http.delete(`/api/subjects/${id}`);
