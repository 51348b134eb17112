import type { ChapterBody, LessonBody, NewChapterBody, NewLessonBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, fileBody, ok } from '../../api/client.ts';

export const lessonKeys = {
  all: ['lesson'] as const,
  one: (id: number) => ['lesson', id] as const,
  chapter: (id: number) => ['lesson', 'chapter', id] as const,
};

export const useLesson = (id: number) =>
  useQuery({
    queryKey: lessonKeys.one(id),
    queryFn: () => ok(api.GET('/api/lessons/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });

export const useChapter = (id: number) =>
  useQuery({
    queryKey: lessonKeys.chapter(id),
    queryFn: () => ok(api.GET('/api/chapters/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });

export const createLesson = (body: NewLessonBody) => ok(api.POST('/api/lessons', { body }));
export const updateLesson = (id: number, body: LessonBody) =>
  ok(api.PATCH('/api/lessons/{id}', { params: { path: { id } }, body }));
export const deleteLesson = (id: number) =>
  ok(api.DELETE('/api/lessons/{id}', { params: { path: { id } } }));
export const archiveLesson = (id: number, archived: boolean) =>
  ok(
    api.POST(`/api/lessons/{id}/${archived ? 'archive' : 'unarchive'}`, {
      params: { path: { id } },
    }),
  );
/** Every chapter of the lesson, in the new order (all or nothing). */
export const orderChapters = (lessonId: number, ids: number[]) =>
  ok(
    api.PUT('/api/lessons/{id}/chapter-order', {
      params: { path: { id: lessonId } },
      body: { ids },
    }),
  );

export const createChapter = (body: NewChapterBody) => ok(api.POST('/api/chapters', { body }));
export const updateChapter = (id: number, body: ChapterBody) =>
  ok(api.PATCH('/api/chapters/{id}', { params: { path: { id } }, body }));
export const deleteChapter = (id: number) =>
  ok(api.DELETE('/api/chapters/{id}', { params: { path: { id } } }));
export const archiveChapter = (id: number, archived: boolean) =>
  ok(
    api.POST(`/api/chapters/{id}/${archived ? 'archive' : 'unarchive'}`, {
      params: { path: { id } },
    }),
  );

/** An image of the editor, stored for the lesson's chapters; answers its address. */
export async function uploadLessonImage(lessonId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return (
    await ok(
      api.POST('/api/lessons/{id}/images', {
        params: { path: { id: lessonId } },
        ...fileBody(form),
      }),
    )
  ).url;
}

export function uploadResource(chapterId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return ok(
    api.POST('/api/chapters/{id}/resources', {
      params: { path: { id: chapterId } },
      ...fileBody(form),
    }),
  );
}
export const addLink = (chapterId: number, title: string, url: string) =>
  ok(
    api.POST('/api/chapters/{id}/links', {
      params: { path: { id: chapterId } },
      body: { kind: 'link' as const, title, url },
    }),
  );
export const deleteResource = (chapterId: number, resourceId: number) =>
  ok(
    api.DELETE('/api/chapters/{id}/resources/{resourceId}', {
      params: { path: { id: chapterId, resourceId } },
    }),
  );

/** The screens' addresses under `/:moduleId/:subjectId` (moduleId 0 when the subject has none). */
export function pathsOf(moduleId: string | number, subjectId: string | number) {
  const base = `/${moduleId}/${subjectId}`;
  return {
    subject: `/subjects/${subjectId}`,
    addLesson: `${base}/lessons/add`,
    lesson: (id: number) => `${base}/lessons/${id}`,
    editLesson: (id: number) => `${base}/lessons/edit/${id}`,
    addChapter: (lessonId: number) => `${base}/${lessonId}/chapters/add`,
    chapter: (lessonId: number, id: number) => `${base}/${lessonId}/chapters/${id}`,
    editChapter: (lessonId: number, id: number) => `${base}/${lessonId}/chapters/edit/${id}`,
  };
}
