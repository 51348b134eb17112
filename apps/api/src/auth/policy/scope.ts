// The pieces every entity's rule is made of: the actor's role, their institution, and the rows
// their assignments reach (a teacher's promotions and subjects, a student's promotions and groups).
// This folder is the one place of the API that names roles; services ask `can` (../policy.ts).
import type { Action, Entity } from '@skolar/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  evaluations,
  groupStudents,
  groupSubjects,
  moduleSubjects,
  promotionStudents,
  promotionTeachers,
  teacherSubjects,
  trainingModules,
  trainings,
} from '../../db/schema/index.ts';
import type { Actor } from '../sessions.ts';

export const TRUE = sql`true`;
export const FALSE = sql`false`;

/**
 * What decides who sees and changes the rows of one entity: its table, and the conditions on it.
 * `writable`, when given, narrows the visible rows for the actions that change them (never for
 * `list` and `read`); without it, whoever sees a row may act on it as far as the grants allow.
 */
export interface EntityRule {
  table: PgTable;
  id: PgColumn;
  visible(actor: Actor): SQL;
  writable?(actor: Actor, action: Action): SQL | undefined;
}

export type EntityRules = { [E in Entity]?: EntityRule };

export const isSuperAdmin = (actor: Actor) => actor.role === 'super-admin';
export const isAdmin = (actor: Actor) => actor.role === 'admin';
export const isSuperTeacher = (actor: Actor) => actor.role === 'super-teacher';
export const isTeacher = (actor: Actor) => actor.role === 'teacher';
export const isStudent = (actor: Actor) => actor.role === 'student';

export const sameInstitution = (actor: Actor, column: PgColumn): SQL =>
  actor.institutionId === null ? FALSE : eq(column, actor.institutionId);

/** Narrow by institution unless the actor is the super-admin, who sees every institution. */
export const tenant = (actor: Actor, column: PgColumn): SQL =>
  isSuperAdmin(actor) ? TRUE : sameInstitution(actor, column);

// Admins and super-teachers see their whole institution; a teacher sees the promotions they are
// assigned to and the subjects they teach; a student sees their own promotions, groups and rows.
export const teacherPromotions = (actor: Actor) =>
  sql`(select ${promotionTeachers.promotion_id} from ${promotionTeachers} where ${promotionTeachers.teacher_id} = ${actor.userId})`;
export const teacherSubjectIds = (actor: Actor) =>
  sql`(select ${teacherSubjects.subject_id} from ${teacherSubjects} where ${teacherSubjects.teacher_id} = ${actor.userId})`;
export const studentPromotions = (actor: Actor) =>
  sql`(select ${promotionStudents.promotion_id} from ${promotionStudents} where ${promotionStudents.student_id} = ${actor.userId})`;
export const studentGroups = (actor: Actor) =>
  sql`(select ${groupStudents.group_id} from ${groupStudents} where ${groupStudents.student_id} = ${actor.userId})`;
/** Subjects of the trainings of the student's promotions, of their evaluations and of their groups. */
export const studentSubjectIds = (actor: Actor) => sql`(
  select ${moduleSubjects.subject_id} from ${moduleSubjects}
  join ${trainingModules} on ${trainingModules.module_id} = ${moduleSubjects.module_id}
  join ${trainings} on ${trainings.id} = ${trainingModules.training_id}
  where ${trainings.promotion_id} in ${studentPromotions(actor)}
  union select ${evaluations.subject_id} from ${evaluations}
  join ${trainings} on ${trainings.id} = ${evaluations.training_id}
  where ${trainings.promotion_id} in ${studentPromotions(actor)}
  union select ${groupSubjects.subject_id} from ${groupSubjects}
  where ${groupSubjects.group_id} in ${studentGroups(actor)})`;
