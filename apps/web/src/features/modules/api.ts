import type { ModuleBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client.ts';

export const moduleKeys = {
  all: ['modules'] as const,
  one: (id: number) => ['modules', id] as const,
  subjects: (id: number) => ['modules', id, 'subjects'] as const,
};

export const useModule = (id: number) =>
  useQuery({
    queryKey: moduleKeys.one(id),
    queryFn: () => ok(api.GET('/api/modules/{id}', { params: { path: { id } } })),
  });

export const createModule = (body: ModuleBody) => ok(api.POST('/api/modules', { body }));

export const updateModule = (id: number, body: ModuleBody) =>
  ok(api.PATCH('/api/modules/{id}', { params: { path: { id } }, body }));
