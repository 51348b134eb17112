import type { PageRegistry } from './types.ts';

/** Institutions, programs, modules, people, promotions, trainings and groups. */
export const managementPages: PageRegistry = {};
