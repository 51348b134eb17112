export { ChapterPage } from './chapter-page.tsx';
export {
  CourseActivityPage,
  CourseEvaluationsPage,
  CourseFrame,
  CoursePresentationPage,
  CourseResourcesPage,
} from './course-pages.tsx';
export { LessonPage } from './lesson-page.tsx';
export { TrainingPage } from './training-page.tsx';
export { TrainingsPage } from './trainings-page.tsx';
