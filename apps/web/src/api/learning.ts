import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client.ts';

/** The student's learning space: what they follow and how far they have read. */

export function useMyTrainings() {
  return useQuery({
    queryKey: ['learning', 'trainings'],
    queryFn: () => ok(api.GET('/api/me/trainings')),
  });
}

export function useMyTraining(id: number) {
  return useQuery({
    queryKey: ['learning', 'training', id],
    queryFn: () => ok(api.GET('/api/me/trainings/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export function useMyLesson(id: number, subjectId?: number) {
  return useQuery({
    queryKey: ['learning', 'lesson', id, subjectId],
    queryFn: () =>
      ok(
        api.GET('/api/me/lessons/{id}', {
          params: { path: { id }, query: { subjectId: subjectId || undefined } },
        }),
      ),
    enabled: id > 0,
  });
}

export function useMyChapter(id: number, subjectId?: number) {
  return useQuery({
    queryKey: ['learning', 'chapter', id, subjectId],
    queryFn: () =>
      ok(
        api.GET('/api/me/chapters/{id}', {
          params: { path: { id }, query: { subjectId: subjectId || undefined } },
        }),
      ),
    enabled: id > 0,
  });
}

/** The chapter opened last, for the dashboard's "continue where you left off". */
export function useResume(enabled: boolean) {
  return useQuery({
    queryKey: ['learning', 'resume'],
    queryFn: () => ok(api.GET('/api/me/resume')),
    enabled,
  });
}

/**
 * Records a chapter as opened (`done` absent) or marks it done or not; every progress bar of the
 * learning space is refreshed afterwards.
 */
export function useRecordProgress(chapterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (done?: boolean) =>
      ok(
        api.PUT('/api/me/chapters/{id}/progress', {
          params: { path: { id: chapterId } },
          body: done === undefined ? {} : { done },
        }),
      ),
    onSuccess: (_answer, done) => {
      if (done === undefined) return client.invalidateQueries({ queryKey: ['learning', 'resume'] });
      return client.invalidateQueries({ queryKey: ['learning'] });
    },
  });
}

export function useMyTrainingResources(id: number) {
  return useQuery({
    queryKey: ['learning', 'training', id, 'resources'],
    queryFn: () => ok(api.GET('/api/me/trainings/{id}/resources', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export function useMyTrainingEvaluations(id: number) {
  return useQuery({
    queryKey: ['learning', 'training', id, 'evaluations'],
    queryFn: () => ok(api.GET('/api/me/trainings/{id}/evaluations', { params: { path: { id } } })),
    enabled: id > 0,
  });
}
