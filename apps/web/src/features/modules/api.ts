import type { ModuleBody, ModuleRow } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

export const moduleKeys = {
  all: ['modules'] as const,
  one: (id: number) => ['modules', id] as const,
  subjects: (id: number) => ['modules', id, 'subjects'] as const,
};

export const useModule = (id: number) =>
  useQuery({
    queryKey: moduleKeys.one(id),
    queryFn: () => http.get<ModuleRow>(`/api/modules/${id}`),
  });

export const createModule = (body: ModuleBody) => http.post<ModuleRow>('/api/modules', body);

export const updateModule = (id: number, body: ModuleBody) =>
  http.patch<ModuleRow>(`/api/modules/${id}`, body);
