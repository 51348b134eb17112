export { ChapterFormPage } from './chapter-form-page.tsx';
export { ChapterPage } from './chapter-page.tsx';
export { LessonFormPage } from './lesson-form-page.tsx';
export { LessonPage } from './lesson-page.tsx';
