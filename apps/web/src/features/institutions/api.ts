import type { InstitutionBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, fileBody, ok } from '../../api/client.ts';
import { stepUpHeader } from '../../lib/http.ts';

export const institutionKeys = {
  all: ['institutions'] as const,
  one: (id: number) => ['institutions', id] as const,
  programs: (id: number) => ['institutions', id, 'programs'] as const,
  modules: (id: number) => ['institutions', id, 'modules'] as const,
};

export const useInstitution = (id: number) =>
  useQuery({
    queryKey: institutionKeys.one(id),
    queryFn: () => ok(api.GET('/api/institutions/{id}', { params: { path: { id } } })),
  });

export const createInstitution = (body: InstitutionBody) =>
  ok(api.POST('/api/institutions', { body }));

export const updateInstitution = (id: number, body: InstitutionBody, token: string) =>
  ok(
    api.PATCH('/api/institutions/{id}', {
      params: { path: { id } },
      body,
      headers: stepUpHeader(token),
    }),
  );

export const setInstitutionArchived = (id: number, archived: boolean) =>
  ok(
    api.POST(`/api/institutions/{id}/${archived ? 'archive' : 'unarchive'}`, {
      params: { path: { id } },
    }),
  );

export const deleteInstitution = (id: number) =>
  ok(api.DELETE('/api/institutions/{id}', { params: { path: { id } } }));

/** Sends the logo (multipart field `file`); the API answers `{ id, url }`. */
export function uploadLogo(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return ok(
    api.POST('/api/institutions/{id}/logo', { params: { path: { id } }, ...fileBody(form) }),
  );
}
