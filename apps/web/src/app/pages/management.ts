import type { PageRegistry } from './types.ts';

const institutions = () => import('../../features/institutions/index.ts');
const users = () => import('../../features/users/index.ts');
const programs = () => import('../../features/programs/index.ts');
const modules = () => import('../../features/modules/index.ts');
const audit = () => import('../../features/audit/index.ts');

/** Institutions, programs, modules and users (the super-admin's side; modules for admins too). */
export const managementPages: PageRegistry = {
  '/institutions': () => institutions().then((m) => m.InstitutionsPage),
  '/institutions/add': () => institutions().then((m) => m.InstitutionAddPage),
  '/institutions/:id': () => institutions().then((m) => m.InstitutionPage),
  '/institutions/edit/:id/:token': () => institutions().then((m) => m.InstitutionEditPage),
  '/institution-program/:id': () => institutions().then((m) => m.InstitutionProgramPage),
  '/users': () => users().then((m) => m.UsersPage),
  '/audit': () => audit().then((m) => m.AuditPage),
  '/users/add': () => users().then((m) => m.UserAddPage),
  '/users/:id': () => users().then((m) => m.UserPage),
  '/users/edit/:id/:token': () => users().then((m) => m.UserEditPage),
  '/programs': () => programs().then((m) => m.ProgramsPage),
  '/programs/add': () => programs().then((m) => m.ProgramAddPage),
  '/programs/:id': () => programs().then((m) => m.ProgramPage),
  '/programs/edit/:id/:token': () => programs().then((m) => m.ProgramEditPage),
  '/modules': () => modules().then((m) => m.ModulesPage),
  '/modules/add': () => modules().then((m) => m.ModuleAddPage),
  '/modules/:moduleId': () => modules().then((m) => m.ModulePage),
  '/modules/edit/:moduleId': () => modules().then((m) => m.ModuleEditPage),
  '/institution-module/:id': () => modules().then((m) => m.InstitutionModulePage),
  '/module-subject/:moduleId': () => modules().then((m) => m.ModuleSubjectPage),
};
