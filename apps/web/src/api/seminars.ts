import type { EpisodeBody, NewSeminarBody, ResourceLinkBody, SeminarBody } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListState, listQuery } from '../lib/list-state.ts';
import { api, fileBody, ok } from './client.ts';

/** Seminars in scope, optionally of one promotion. */
export function useSeminars(state: ListState, promotionId?: number) {
  return useQuery({
    queryKey: ['seminar', 'list', state, promotionId],
    queryFn: () =>
      ok(
        api.GET('/api/seminars', {
          params: { query: { ...listQuery(state), promotion_id: promotionId || undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One seminar with its episodes in order. */
export function useSeminar(id: number) {
  return useQuery({
    queryKey: ['seminar', 'detail', id],
    queryFn: () => ok(api.GET('/api/seminars/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

/** One episode with its resources. */
export function useEpisode(id: number) {
  return useQuery({
    queryKey: ['seminar', 'episode', id],
    queryFn: () => ok(api.GET('/api/episodes/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

/** The student's seminars, each with its next episode. */
export function useMySeminars() {
  return useQuery({
    queryKey: ['seminar', 'mine'],
    queryFn: () => ok(api.GET('/api/me/seminars')),
  });
}

/** Public seminars of the catalogue (no sign-in). */
export function usePublicSeminars() {
  return useQuery({
    queryKey: ['catalogue', 'seminars'],
    queryFn: () => ok(api.GET('/api/event/seminar')),
  });
}

export const createSeminar = (body: NewSeminarBody) => ok(api.POST('/api/seminars', { body }));
export const updateSeminar = (id: number, body: Partial<SeminarBody>) =>
  ok(api.PATCH('/api/seminars/{id}', { params: { path: { id } }, body }));

/** Sends the syllabus PDF (multipart field `file`). */
export function uploadSyllabus(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return ok(
    api.POST('/api/seminars/{id}/syllabus', { params: { path: { id } }, ...fileBody(form) }),
  );
}

export const createEpisode = (seminarId: number, body: EpisodeBody) =>
  ok(api.POST('/api/seminars/{id}/episodes', { params: { path: { id: seminarId } }, body }));
export const updateEpisode = (id: number, body: Partial<EpisodeBody>) =>
  ok(api.PATCH('/api/episodes/{id}', { params: { path: { id } }, body }));
export const deleteEpisode = (id: number) =>
  ok(api.DELETE('/api/episodes/{id}', { params: { path: { id } } }));

/**
 * The route takes JSON (a link) or multipart (a file) on one path, and its document describes no
 * body: this one goes untyped.
 */
export const addResourceLink = (episodeId: number, body: ResourceLinkBody) =>
  ok(
    api.POST('/api/episodes/{id}/resources', {
      params: { path: { id: episodeId } },
      body: body as never,
    }),
  );

/** Sends a PDF resource: its title first, then the file (multipart). */
export function addResourceFile(episodeId: number, title: string, file: File) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', file);
  return ok(
    api.POST('/api/episodes/{id}/resources', {
      params: { path: { id: episodeId } },
      ...fileBody(form),
    }),
  );
}

export const deleteResource = (episodeId: number, resourceId: number) =>
  ok(
    api.DELETE('/api/episodes/{id}/resources/{resourceId}', {
      params: { path: { id: episodeId, resourceId } },
    }),
  );
