import type { PageRegistry } from './types.ts';

const lessons = () => import('../../features/lessons/index.ts');

/** Lessons and chapters of a subject (staff; `moduleId` is 0 when the subject has no module). */
export const lessonPages: PageRegistry = {
  '/:moduleId/:subjectId/lessons/add': () => lessons().then((m) => m.LessonFormPage),
  '/:moduleId/:subjectId/lessons/:lessonId': () => lessons().then((m) => m.LessonPage),
  '/:moduleId/:subjectId/lessons/edit/:lessonId': () => lessons().then((m) => m.LessonFormPage),
  '/:moduleId/:subjectId/:lessonId/chapters/add': () => lessons().then((m) => m.ChapterFormPage),
  '/:moduleId/:subjectId/:lessonId/chapters/:chapterId': () => lessons().then((m) => m.ChapterPage),
  '/:moduleId/:subjectId/:lessonId/chapters/edit/:chapterId': () =>
    lessons().then((m) => m.ChapterFormPage),
};
