export { GroupDetailPage } from './group-detail-page.tsx';
export { GroupFormPage } from './group-form-page.tsx';
export { GroupStudentsPage } from './group-students-page.tsx';
export { GroupsPage } from './groups-page.tsx';
