/** The five roles, from the least to the most privileged. */
export const ROLES = ['student', 'teacher', 'super-teacher', 'admin', 'super-admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that belong to an institution (every role but the super-admin). */
export const INSTITUTION_ROLES = [
  'student',
  'teacher',
  'super-teacher',
  'admin',
] as const satisfies readonly Role[];

/** Staff roles: everyone who is not a student. */
export const STAFF_ROLES = [
  'teacher',
  'super-teacher',
  'admin',
  'super-admin',
] as const satisfies readonly Role[];

/** True when the value is one of the five role names. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The spec chooses menus by role suffix: super-teacher and teacher end with 'teacher'. */
export function roleSuffix(role: Role): 'student' | 'teacher' | 'admin' {
  if (role.endsWith('teacher')) return 'teacher';
  if (role.endsWith('admin')) return 'admin';
  return 'student';
}
