export { AllTrainingsPage } from './all-trainings-page.tsx';
export { TrainingDetailPage } from './training-detail-page.tsx';
export { TrainingFormPage } from './training-form-page.tsx';
export { TrainingSubjectsPage } from './training-subjects-page.tsx';
