export { LessonSubjectPage } from './lesson-subject-page.tsx';
export { SubjectAddPage } from './subject-add-page.tsx';
export { SubjectEditPage } from './subject-edit-page.tsx';
export { SubjectPage } from './subject-page.tsx';
export { SubjectsPage } from './subjects-page.tsx';
