import type { PageRegistry } from './types.ts';

const subjects = () => import('../../features/subjects/index.ts');

/** Subjects: the list, their form, their detail and the lessons-to-subject assignment. */
export const subjectPages: PageRegistry = {
  '/subjects': () => subjects().then((m) => m.SubjectsPage),
  '/:moduleId?/subjects/add': () => subjects().then((m) => m.SubjectAddPage),
  '/subjects/edit/:subjectId': () => subjects().then((m) => m.SubjectEditPage),
  '/subjects/:subjectId': () => subjects().then((m) => m.SubjectPage),
  '/lesson-subject/:subjectId': () => subjects().then((m) => m.LessonSubjectPage),
};
