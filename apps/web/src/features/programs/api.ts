import type { ProgramBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client.ts';
import { stepUpHeader } from '../../lib/http.ts';

export const programKeys = {
  all: ['programs'] as const,
  one: (id: number) => ['programs', id] as const,
};

export const useProgram = (id: number) =>
  useQuery({
    queryKey: programKeys.one(id),
    queryFn: () => ok(api.GET('/api/programs/{id}', { params: { path: { id } } })),
  });

export const createProgram = (body: ProgramBody) => ok(api.POST('/api/programs', { body }));

export const updateProgram = (id: number, body: ProgramBody, token: string) =>
  ok(
    api.PATCH('/api/programs/{id}', {
      params: { path: { id } },
      body,
      headers: stepUpHeader(token),
    }),
  );
