import type { PageRegistry } from './types.ts';

const learning = () => import('../../features/learning/index.ts');

/** The student's learning space: trainings, lessons and chapters with their reading progress. */
export const learningPages: PageRegistry = {
  '/student/trainings': () => learning().then((m) => m.TrainingsPage),
  '/student/trainings/:id': () => learning().then((m) => m.TrainingPage),
  '/student/lessons/:id': () => learning().then((m) => m.LessonPage),
  '/student/chapters/:id': () => learning().then((m) => m.ChapterPage),
};
