import type { PageRegistry } from './types.ts';

const students = () => import('../../features/students/pages.tsx');
const personForm = () => import('../../features/students/person-form-page.tsx');
const promotions = () => import('../../features/promotions/index.ts');
const trainings = () => import('../../features/trainings/index.ts');
const groups = () => import('../../features/groups/index.ts');

/** Students, teachers, promotions, trainings, groups and their assignments (the admin's year). */
export const cohortPages: PageRegistry = {
  '/students': () => students().then((m) => m.StudentsPage),
  '/students/add': () => personForm().then((m) => m.StudentFormPage),
  // The student's page with their transcript below (composed here: features do not import each other).
  '/students/:id': () =>
    import('../student-detail-page.tsx').then((m) => m.StudentDetailWithTranscriptPage),
  '/students/edit/:id/:token': () => personForm().then((m) => m.StudentFormPage),
  '/teachers': () => students().then((m) => m.TeachersPage),
  '/teachers/add': () => personForm().then((m) => m.TeacherFormPage),
  '/teachers/:id': () => students().then((m) => m.TeacherDetailPage),
  '/teachers/edit/:id/:token': () => personForm().then((m) => m.TeacherFormPage),
  '/teacher-subject/:id': () => students().then((m) => m.TeacherSubjectsPage),
  '/:promotionId/student-group/:id': () => students().then((m) => m.StudentGroupsPage),
  '/:id?/promotions': () => promotions().then((m) => m.PromotionsPage),
  '/:id/promotions/add': () => promotions().then((m) => m.PromotionFormPage),
  '/:id/promotions/edit/:promotionId': () => promotions().then((m) => m.PromotionFormPage),
  // The promotion's page with its gradebook, composed in app/ (features do not import each other).
  '/:id/promotions/:promotionId': () =>
    import('../promotion-page.tsx').then((m) => m.PromotionPage),
  '/:id/promotion-student/:promotionId': () => promotions().then((m) => m.PromotionStudentsPage),
  '/:id/promotion-teacher/:promotionId': () => promotions().then((m) => m.PromotionTeachersPage),
  '/:id/:promotionId/trainings/add': () => trainings().then((m) => m.TrainingFormPage),
  '/:id/:promotionId/trainings/edit/:trainingId': () => trainings().then((m) => m.TrainingFormPage),
  '/:id/:promotionId/trainings/:trainingId': () => trainings().then((m) => m.TrainingDetailPage),
  '/:id/:promotionId/training-subject/:trainingId': () =>
    trainings().then((m) => m.TrainingSubjectsPage),
  '/trainings': () => trainings().then((m) => m.AllTrainingsPage),
  '/groups': () => groups().then((m) => m.GroupsPage),
  '/groups/add': () => groups().then((m) => m.GroupFormPage),
  '/:promotionId/groups/:groupId': () => groups().then((m) => m.GroupDetailPage),
  '/:promotionId/group-student/:groupId': () => groups().then((m) => m.GroupStudentsPage),
};
