// The evaluations feature: staff screens, the student's screens, exams (`exam/`) and projects
// (`project/`).
export { EvaluationDetailPage } from './evaluation-detail-page.tsx';
export { EvaluationFormPage } from './evaluation-form-page.tsx';
export { EvaluationsPage } from './evaluations-page.tsx';
export { ExamPage } from './exam/exam-page.tsx';
export { QuestionBankPage } from './exam/question-bank-page.tsx';
export { QuizzesPage } from './exam/quizzes-page.tsx';
export { TestPage } from './exam/test-page.tsx';
export { MarkingPage } from './marking/marking-page.tsx';
export { MyEvaluationPage } from './my-evaluation-page.tsx';
export { MyEvaluationsPage } from './my-evaluations-page.tsx';
