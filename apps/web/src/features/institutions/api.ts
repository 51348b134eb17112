import type { Institution, InstitutionBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http, stepUpHeader } from '../../lib/http.ts';

export type { Institution } from '@skolar/shared';

export const institutionKeys = {
  all: ['institutions'] as const,
  one: (id: number) => ['institutions', id] as const,
  programs: (id: number) => ['institutions', id, 'programs'] as const,
  modules: (id: number) => ['institutions', id, 'modules'] as const,
};

export const useInstitution = (id: number) =>
  useQuery({
    queryKey: institutionKeys.one(id),
    queryFn: () => http.get<Institution>(`/api/institutions/${id}`),
  });

export const createInstitution = (body: InstitutionBody) =>
  http.post<Institution>('/api/institutions', body);

export const updateInstitution = (id: number, body: InstitutionBody, token: string) =>
  http.patch<Institution>(`/api/institutions/${id}`, body, stepUpHeader(token));

export const setInstitutionArchived = (id: number, archived: boolean) =>
  http.post<Institution>(`/api/institutions/${id}/${archived ? 'archive' : 'unarchive'}`);

export const deleteInstitution = (id: number) => http.delete(`/api/institutions/${id}`);

/** Sends the logo (multipart field `file`); the API answers `{ id, url }`. */
export function uploadLogo(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<{ id: number; url: string }>(`/api/institutions/${id}/logo`, form);
}
