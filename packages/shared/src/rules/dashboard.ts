import type { Role } from '../roles.ts';

/**
 * What each role's dashboard counts, in display order. Apart from the answer's schema (zod), so the
 * web app knows the counts before the answer without loading the schemas with its dashboard.
 */
export const DASHBOARD_COUNTS = {
  student: ['training', 'seminar', 'subject', 'evaluation'],
  teacher: ['subject', 'group', 'lesson', 'evaluation'],
  'super-teacher': ['promotion', 'subject', 'group', 'evaluation'],
  admin: ['student', 'teacher', 'promotion', 'training'],
  'super-admin': ['institution', 'user', 'program', 'module'],
} as const satisfies Record<Role, readonly string[]>;
export type DashboardCountKey = (typeof DASHBOARD_COUNTS)[Role][number];
