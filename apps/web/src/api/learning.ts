import type {
  ChapterProgressAnswer,
  MyChapter,
  MyLesson,
  MyTraining,
  MyTrainingDetail,
  MyTrainingEvaluation,
  MyTrainingResource,
  ResumeAnswer,
} from '@skolar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../lib/http.ts';

/** The student's learning space: what they follow and how far they have read. */
const subjectSearch = (subjectId?: number) => (subjectId ? `?subjectId=${subjectId}` : '');

export function useMyTrainings() {
  return useQuery({
    queryKey: ['learning', 'trainings'],
    queryFn: () => http.get<{ data: MyTraining[] }>('/api/me/trainings'),
  });
}

export function useMyTraining(id: number) {
  return useQuery({
    queryKey: ['learning', 'training', id],
    queryFn: () => http.get<MyTrainingDetail>(`/api/me/trainings/${id}`),
    enabled: id > 0,
  });
}

export function useMyLesson(id: number, subjectId?: number) {
  return useQuery({
    queryKey: ['learning', 'lesson', id, subjectId],
    queryFn: () => http.get<MyLesson>(`/api/me/lessons/${id}${subjectSearch(subjectId)}`),
    enabled: id > 0,
  });
}

export function useMyChapter(id: number, subjectId?: number) {
  return useQuery({
    queryKey: ['learning', 'chapter', id, subjectId],
    queryFn: () => http.get<MyChapter>(`/api/me/chapters/${id}${subjectSearch(subjectId)}`),
    enabled: id > 0,
  });
}

/** The chapter opened last, for the dashboard's "continue where you left off". */
export function useResume(enabled: boolean) {
  return useQuery({
    queryKey: ['learning', 'resume'],
    queryFn: () => http.get<ResumeAnswer>('/api/me/resume'),
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
      http.put<ChapterProgressAnswer>(
        `/api/me/chapters/${chapterId}/progress`,
        done === undefined ? {} : { done },
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
    queryFn: () => http.get<{ data: MyTrainingResource[] }>(`/api/me/trainings/${id}/resources`),
    enabled: id > 0,
  });
}

export function useMyTrainingEvaluations(id: number) {
  return useQuery({
    queryKey: ['learning', 'training', id, 'evaluations'],
    queryFn: () =>
      http.get<{ data: MyTrainingEvaluation[] }>(`/api/me/trainings/${id}/evaluations`),
    enabled: id > 0,
  });
}
