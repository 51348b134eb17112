import type { NewTrainingBody, TrainingBody } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListState, listQuery } from '../lib/list-state.ts';
import { api, ok } from './client.ts';

export function useTrainings(state: ListState, promotionId?: number) {
  return useQuery({
    queryKey: ['training', 'list', state, promotionId],
    queryFn: () =>
      ok(
        api.GET('/api/trainings', {
          params: { query: { ...listQuery(state), promotion_id: promotionId || undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTraining(id: number) {
  return useQuery({
    queryKey: ['training', 'detail', id],
    queryFn: () => ok(api.GET('/api/trainings/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export const createTraining = (body: NewTrainingBody) => ok(api.POST('/api/trainings', { body }));
export const updateTraining = (id: number, body: TrainingBody) =>
  ok(api.PATCH('/api/trainings/{id}', { params: { path: { id } }, body }));
