import type { NewTrainingBody, RowPermissions, TrainingBody } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';
import { type ListAnswer, type ListState, listSearch } from '../lib/list-state.ts';

export interface Training {
  id: number;
  institution_name: string;
  institution_color_code: string;
  promotion_id: number;
  promotion_name: string;
  program_id: number;
  academic_year: string;
  title: string;
  program: string;
  level: string;
  description: string;
  total_hours: number;
  cover_link: string | null;
  visibility: 'public' | 'private';
  archived_at: string | null;
  nb_modules: number;
  nb_subjects: number;
  can: RowPermissions;
}

export interface TrainingDetail extends Training {
  modules: { id: number; name: string; hourly_volume: number | null }[];
  subjects: {
    id: number;
    name: string;
    coefficient: number;
    hourly_volume: number;
    module_id: number;
    module_name: string;
  }[];
}

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
