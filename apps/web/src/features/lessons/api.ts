import type { ChapterBody, LessonBody, NewChapterBody, NewLessonBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, fileBody, ok } from '../../api/client.ts';
import { pagePath } from '../../lib/page-path.ts';

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
  return {
    subject: pagePath('/subjects/:subjectId', { subjectId }),
    addLesson: pagePath('/:moduleId/:subjectId/lessons/add', { moduleId, subjectId }),
    lesson: (lessonId: number) =>
      pagePath('/:moduleId/:subjectId/lessons/:lessonId', { moduleId, subjectId, lessonId }),
    editLesson: (lessonId: number) =>
      pagePath('/:moduleId/:subjectId/lessons/edit/:lessonId', { moduleId, subjectId, lessonId }),
    addChapter: (lessonId: number) =>
      pagePath('/:moduleId/:subjectId/:lessonId/chapters/add', { moduleId, subjectId, lessonId }),
    chapter: (lessonId: number, chapterId: number) =>
      pagePath('/:moduleId/:subjectId/:lessonId/chapters/:chapterId', {
        moduleId,
        subjectId,
        lessonId,
        chapterId,
      }),
    editChapter: (lessonId: number, chapterId: number) =>
      pagePath('/:moduleId/:subjectId/:lessonId/chapters/edit/:chapterId', {
        moduleId,
        subjectId,
        lessonId,
        chapterId,
      }),
  };
}
