export { UserAddPage } from './user-add-page.tsx';
export { UserEditPage } from './user-edit-page.tsx';
export { UserPage } from './user-page.tsx';
export { UsersPage } from './users-page.tsx';
