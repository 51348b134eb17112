import type { PageRegistry } from './types.ts';

/** Students, teachers, promotions, trainings, groups and their assignments (the admin's year). */
export const cohortPages: PageRegistry = {};
