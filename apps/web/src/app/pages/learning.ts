import type { PageRegistry } from './types.ts';

const learning = () => import('../../features/learning/index.ts');

/** The student's learning space: trainings, lessons and chapters with their reading progress. */
export const learningPages: PageRegistry = {
  '/student/trainings': () => learning().then((m) => m.TrainingsPage),
  '/student/trainings/:id': () => learning().then((m) => m.TrainingPage),
  '/student/lessons/:id': () => learning().then((m) => m.LessonPage),
  '/student/chapters/:id': () => learning().then((m) => m.ChapterPage),
  // The course page of a training, one address per tab (`episodeId` is the lesson, as in the table).
  '/event-presentation/:id': () => learning().then((m) => m.CoursePresentationPage),
  '/event-activity/:id': () => learning().then((m) => m.CourseActivityPage),
  '/event-activity/:id/:episodeId': () => learning().then((m) => m.CourseActivityPage),
  '/event-activity/:id/:episodeId/:chapterId': () => learning().then((m) => m.CourseActivityPage),
  '/event-resources/:id': () => learning().then((m) => m.CourseResourcesPage),
  '/event-evaluations/:id': () => learning().then((m) => m.CourseEvaluationsPage),
};
