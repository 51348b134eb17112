export { InstitutionAddPage } from './institution-add-page.tsx';
export { InstitutionEditPage } from './institution-edit-page.tsx';
export { InstitutionPage } from './institution-page.tsx';
export { InstitutionProgramPage } from './institution-program-page.tsx';
export { InstitutionsPage } from './institutions-page.tsx';
