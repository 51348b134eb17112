import type {
  EpisodeBody,
  EpisodeDetail,
  MySeminar,
  NewSeminarBody,
  PublicSeminar,
  ResourceLinkBody,
  Seminar,
  SeminarBody,
  SeminarDetail,
} from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';
import { type ListAnswer, type ListState, listSearch } from '../lib/list-state.ts';

/** Seminars in scope, optionally of one promotion. */
export function useSeminars(state: ListState, promotionId?: number) {
  const extra = promotionId ? `&promotion_id=${promotionId}` : '';
  return useQuery({
    queryKey: ['seminar', 'list', state, promotionId],
    queryFn: () => http.get<ListAnswer<Seminar>>(`/api/seminars?${listSearch(state)}${extra}`),
    placeholderData: keepPreviousData,
  });
}

/** One seminar with its episodes in order. */
export function useSeminar(id: number) {
  return useQuery({
    queryKey: ['seminar', 'detail', id],
    queryFn: () => http.get<SeminarDetail>(`/api/seminars/${id}`),
    enabled: id > 0,
  });
}

/** One episode with its resources. */
export function useEpisode(id: number) {
  return useQuery({
    queryKey: ['seminar', 'episode', id],
    queryFn: () => http.get<EpisodeDetail>(`/api/episodes/${id}`),
    enabled: id > 0,
  });
}

/** The student's seminars, each with its next episode. */
export function useMySeminars() {
  return useQuery({
    queryKey: ['seminar', 'mine'],
    queryFn: () => http.get<MySeminar[]>('/api/me/seminars'),
  });
}

/** Public seminars of the catalogue (no sign-in). */
export function usePublicSeminars() {
  return useQuery({
    queryKey: ['catalogue', 'seminars'],
    queryFn: () => http.get<PublicSeminar[]>('/api/event/seminar'),
  });
}

export const createSeminar = (body: NewSeminarBody) => http.post<Seminar>('/api/seminars', body);
export const updateSeminar = (id: number, body: Partial<SeminarBody>) =>
  http.patch<Seminar>(`/api/seminars/${id}`, body);

/** Sends the syllabus PDF (multipart field `file`). */
export function uploadSyllabus(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<Seminar>(`/api/seminars/${id}/syllabus`, form);
}

export const createEpisode = (seminarId: number, body: EpisodeBody) =>
  http.post<EpisodeDetail>(`/api/seminars/${seminarId}/episodes`, body);
export const updateEpisode = (id: number, body: Partial<EpisodeBody>) =>
  http.patch<EpisodeDetail>(`/api/episodes/${id}`, body);
export const deleteEpisode = (id: number) => http.delete(`/api/episodes/${id}`);

export const addResourceLink = (episodeId: number, body: ResourceLinkBody) =>
  http.post<EpisodeDetail>(`/api/episodes/${episodeId}/resources`, body);

/** Sends a PDF resource: its title first, then the file (multipart). */
export function addResourceFile(episodeId: number, title: string, file: File) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', file);
  return http.post<EpisodeDetail>(`/api/episodes/${episodeId}/resources`, form);
}

export const deleteResource = (episodeId: number, resourceId: number) =>
  http.delete(`/api/episodes/${episodeId}/resources/${resourceId}`);
