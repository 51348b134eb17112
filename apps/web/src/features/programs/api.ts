import type { ProgramBody, ProgramDetail } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http, stepUpHeader } from '../../lib/http.ts';

export const programKeys = {
  all: ['programs'] as const,
  one: (id: number) => ['programs', id] as const,
};

export const useProgram = (id: number) =>
  useQuery({
    queryKey: programKeys.one(id),
    queryFn: () => http.get<ProgramDetail>(`/api/programs/${id}`),
  });

export const createProgram = (body: ProgramBody) => http.post<ProgramDetail>('/api/programs', body);

export const updateProgram = (id: number, body: ProgramBody, token: string) =>
  http.patch<ProgramDetail>(`/api/programs/${id}`, body, stepUpHeader(token));
