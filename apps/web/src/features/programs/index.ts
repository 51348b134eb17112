export { ProgramAddPage } from './program-add-page.tsx';
export { ProgramEditPage } from './program-edit-page.tsx';
export { ProgramPage } from './program-page.tsx';
export { ProgramsPage } from './programs-page.tsx';
