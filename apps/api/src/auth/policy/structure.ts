// Who sees the institution's frame: institutions, programs and modules of the catalogue, people,
// promotions, trainings, groups, imports and the audit log.
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  auditLog,
  groupSubjects,
  groups,
  imports,
  institutionModules,
  institutionPrograms,
  institutions,
  modules,
  programs,
  promotions,
  trainings,
  users,
} from '../../db/schema/index.ts';
import type { Actor } from '../sessions.ts';
import {
  type EntityRules,
  isStudent,
  isSuperAdmin,
  isTeacher,
  sameInstitution,
  studentGroups,
  studentPromotions,
  TRUE,
  teacherPromotions,
  teacherSubjectIds,
  tenant,
} from './scope.ts';

/** Rows tied to a promotion: a teacher's assigned promotions, a student's own, staff's institution. */
export function promotionScoped(actor: Actor, institutionId: PgColumn, promotionId: PgColumn): SQL {
  if (isTeacher(actor))
    return and(tenant(actor, institutionId), sql`${promotionId} in ${teacherPromotions(actor)}`)!;
  if (isStudent(actor))
    return and(tenant(actor, institutionId), sql`${promotionId} in ${studentPromotions(actor)}`)!;
  return tenant(actor, institutionId);
}

export const promotionScope = (actor: Actor) =>
  promotionScoped(actor, promotions.institution_id, promotions.id);
export const trainingScope = (actor: Actor) =>
  promotionScoped(actor, trainings.institution_id, trainings.promotion_id);

/**
 * A student's groups are those they belong to; a teacher's, the groups of their promotions and
 * the groups that follow a subject they teach.
 */
export function groupScope(actor: Actor): SQL {
  const base = tenant(actor, groups.institution_id);
  if (isStudent(actor)) return and(base, sql`${groups.id} in ${studentGroups(actor)}`)!;
  if (isTeacher(actor))
    return and(
      base,
      or(
        sql`${groups.promotion_id} in ${teacherPromotions(actor)}`,
        sql`${groups.id} in (select ${groupSubjects.group_id} from ${groupSubjects} where ${groupSubjects.subject_id} in ${teacherSubjectIds(actor)})`,
      ),
    )!;
  return base;
}

/** People: students and teachers see only themselves; staff, their institution's. */
export function userScope(actor: Actor, entity: 'user' | 'student' | 'teacher'): SQL {
  const role =
    entity === 'student'
      ? eq(users.role, 'student')
      : entity === 'teacher'
        ? inArray(users.role, ['teacher', 'super-teacher'])
        : TRUE;
  if (isStudent(actor) || isTeacher(actor)) return and(role, eq(users.id, actor.userId))!;
  return and(role, tenant(actor, users.institution_id))!;
}

export const structureRules = {
  institution: {
    table: institutions,
    id: institutions.id,
    visible: (actor) => (isSuperAdmin(actor) ? TRUE : sameInstitution(actor, institutions.id)),
  },
  program: {
    table: programs,
    id: programs.id,
    visible: (actor) =>
      isSuperAdmin(actor)
        ? TRUE
        : sql`${programs.id} in (select ${institutionPrograms.program_id} from ${institutionPrograms} where ${institutionPrograms.institution_id} = ${actor.institutionId ?? -1})`,
  },
  module: {
    table: modules,
    id: modules.id,
    visible: (actor) =>
      isSuperAdmin(actor)
        ? TRUE
        : sql`${modules.id} in (select ${institutionModules.module_id} from ${institutionModules} where ${institutionModules.institution_id} = ${actor.institutionId ?? -1})`,
  },
  user: { table: users, id: users.id, visible: (actor) => userScope(actor, 'user') },
  student: { table: users, id: users.id, visible: (actor) => userScope(actor, 'student') },
  teacher: { table: users, id: users.id, visible: (actor) => userScope(actor, 'teacher') },
  promotion: { table: promotions, id: promotions.id, visible: promotionScope },
  training: { table: trainings, id: trainings.id, visible: trainingScope },
  group: { table: groups, id: groups.id, visible: groupScope },
  import: {
    table: imports,
    id: imports.id,
    visible: (actor) => tenant(actor, imports.institution_id),
  },
  audit: {
    table: auditLog,
    id: auditLog.id,
    visible: (actor) => tenant(actor, auditLog.institution_id),
  },
} satisfies EntityRules;
