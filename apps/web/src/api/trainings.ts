import type { NewTrainingBody, Training, TrainingBody, TrainingDetail } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';
import { type ListAnswer, type ListState, listSearch } from '../lib/list-state.ts';

export function useTrainings(state: ListState, promotionId?: number) {
  const extra = promotionId ? `&promotion_id=${promotionId}` : '';
  return useQuery({
    queryKey: ['training', 'list', state, promotionId],
    queryFn: () => http.get<ListAnswer<Training>>(`/api/trainings?${listSearch(state)}${extra}`),
    placeholderData: keepPreviousData,
  });
}

export function useTraining(id: number) {
  return useQuery({
    queryKey: ['training', 'detail', id],
    queryFn: () => http.get<TrainingDetail>(`/api/trainings/${id}`),
    enabled: id > 0,
  });
}

export const createTraining = (body: NewTrainingBody) =>
  http.post<Training>('/api/trainings', body);
export const updateTraining = (id: number, body: TrainingBody) =>
  http.patch<Training>(`/api/trainings/${id}`, body);
