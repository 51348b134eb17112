// The evaluations feature: staff screens, the student's screens, exams (`exam/`) and projects
// (`project/`).
export { ExamPage } from './exam/exam-page.tsx';
export { QuizzesPage } from './exam/quizzes-page.tsx';
export { TestPage } from './exam/test-page.tsx';
