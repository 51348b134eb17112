import type {
  Chapter,
  ChapterBody,
  Lesson,
  LessonBody,
  LessonDetail,
  NewChapterBody,
  NewLessonBody,
  UploadedImage,
} from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

export const lessonKeys = {
  all: ['lesson'] as const,
  one: (id: number) => ['lesson', id] as const,
  chapter: (id: number) => ['lesson', 'chapter', id] as const,
};

export const useLesson = (id: number) =>
  useQuery({
    queryKey: lessonKeys.one(id),
    queryFn: () => http.get<LessonDetail>(`/api/lessons/${id}`),
    enabled: id > 0,
  });

export const useChapter = (id: number) =>
  useQuery({
    queryKey: lessonKeys.chapter(id),
    queryFn: () => http.get<Chapter>(`/api/chapters/${id}`),
    enabled: id > 0,
  });

export const createLesson = (body: NewLessonBody) => http.post<Lesson>('/api/lessons', body);
export const updateLesson = (id: number, body: LessonBody) =>
  http.patch<Lesson>(`/api/lessons/${id}`, body);
export const deleteLesson = (id: number) => http.delete(`/api/lessons/${id}`);
export const archiveLesson = (id: number, archived: boolean) =>
  http.post<Lesson>(`/api/lessons/${id}/${archived ? 'archive' : 'unarchive'}`);
/** Every chapter of the lesson, in the new order (all or nothing). */
export const orderChapters = (lessonId: number, ids: number[]) =>
  http.put<void>(`/api/lessons/${lessonId}/chapter-order`, { ids });

export const createChapter = (body: NewChapterBody) => http.post<Chapter>('/api/chapters', body);
export const updateChapter = (id: number, body: ChapterBody) =>
  http.patch<Chapter>(`/api/chapters/${id}`, body);
export const deleteChapter = (id: number) => http.delete(`/api/chapters/${id}`);
export const archiveChapter = (id: number, archived: boolean) =>
  http.post<Chapter>(`/api/chapters/${id}/${archived ? 'archive' : 'unarchive'}`);

/** An image of the editor, stored for the lesson's chapters; answers its address. */
export async function uploadLessonImage(lessonId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return (await http.post<UploadedImage>(`/api/lessons/${lessonId}/images`, form)).url;
}

export function uploadResource(chapterId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<Chapter>(`/api/chapters/${chapterId}/resources`, form);
}
export const addLink = (chapterId: number, title: string, url: string) =>
  http.post<Chapter>(`/api/chapters/${chapterId}/links`, { kind: 'link' as const, title, url });
export const deleteResource = (chapterId: number, resourceId: number) =>
  http.delete(`/api/chapters/${chapterId}/resources/${resourceId}`);

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
