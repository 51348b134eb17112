export { InstitutionModulePage } from './institution-module-page.tsx';
export { ModuleAddPage } from './module-add-page.tsx';
export { ModuleEditPage } from './module-edit-page.tsx';
export { ModulePage } from './module-page.tsx';
export { ModuleSubjectPage } from './module-subject-page.tsx';
export { ModulesPage } from './modules-page.tsx';
