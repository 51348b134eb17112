import { and, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import {
  chapters,
  episodes,
  evaluations,
  events,
  groupStudents,
  groups,
  institutionModules,
  institutionPrograms,
  institutions,
  lessons,
  moduleSubjects,
  modules,
  programs,
  promotionStudents,
  promotions,
  promotionTeachers,
  results,
  seminars,
  subjectLessons,
  subjects,
  teacherSubjects,
  trainingModules,
  trainings,
  users,
} from '../db/schema/index.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { type Action, type Entity, roleMay } from './grants.ts';
import type { Actor } from './sessions.ts';

export type { Action, Entity } from './grants.ts';

/** 403 unless the actor's role may perform the action on that kind of row at all. */
export function authorize(actor: Actor, action: Action, entity: Entity): void {
  if (!roleMay(actor.role, action, entity)) throw forbidden();
}

const TRUE = sql`true`;
const FALSE = sql`false`;

// Sub-queries for the finer scopes of architecture.md. Admins and super-teachers see their whole
// institution; a teacher sees the promotions they are assigned to and the subjects they teach; a
// student sees their own promotions, groups and rows.
const teacherPromotions = (actor: Actor) =>
  sql`(select ${promotionTeachers.promotion_id} from ${promotionTeachers} where ${promotionTeachers.teacher_id} = ${actor.userId})`;
const teacherSubjectIds = (actor: Actor) =>
  sql`(select ${teacherSubjects.subject_id} from ${teacherSubjects} where ${teacherSubjects.teacher_id} = ${actor.userId})`;
const studentPromotions = (actor: Actor) =>
  sql`(select ${promotionStudents.promotion_id} from ${promotionStudents} where ${promotionStudents.student_id} = ${actor.userId})`;
const studentGroups = (actor: Actor) =>
  sql`(select ${groupStudents.group_id} from ${groupStudents} where ${groupStudents.student_id} = ${actor.userId})`;
/** Subjects taught in the trainings of the student's promotions. */
const studentSubjectIds = (actor: Actor) => sql`(
  select ${moduleSubjects.subject_id} from ${moduleSubjects}
  join ${trainingModules} on ${trainingModules.module_id} = ${moduleSubjects.module_id}
  join ${trainings} on ${trainings.id} = ${trainingModules.training_id}
  where ${trainings.promotion_id} in ${studentPromotions(actor)}
  union select ${evaluations.subject_id} from ${evaluations}
  join ${trainings} on ${trainings.id} = ${evaluations.training_id}
  where ${trainings.promotion_id} in ${studentPromotions(actor)})`;

interface Scoped {
  table: PgTable;
  id: PgColumn;
  where: SQL;
}

const sameInstitution = (actor: Actor, column: PgColumn): SQL =>
  actor.institutionId === null ? FALSE : eq(column, actor.institutionId);

/** Narrow by institution unless the actor is the super-admin, who sees every institution. */
const tenant = (actor: Actor, column: PgColumn): SQL =>
  actor.role === 'super-admin' ? TRUE : sameInstitution(actor, column);

const isTeacher = (actor: Actor) => actor.role === 'teacher';
const isStudent = (actor: Actor) => actor.role === 'student';

function promotionScoped(actor: Actor, institutionId: PgColumn, promotionId: PgColumn): SQL {
  if (isTeacher(actor))
    return and(tenant(actor, institutionId), sql`${promotionId} in ${teacherPromotions(actor)}`)!;
  if (isStudent(actor))
    return and(tenant(actor, institutionId), sql`${promotionId} in ${studentPromotions(actor)}`)!;
  return tenant(actor, institutionId);
}

function subjectScope(actor: Actor): SQL {
  if (isTeacher(actor))
    return and(
      tenant(actor, subjects.institution_id),
      sql`${subjects.id} in ${teacherSubjectIds(actor)}`,
    )!;
  if (isStudent(actor))
    return and(
      tenant(actor, subjects.institution_id),
      sql`${subjects.id} in ${studentSubjectIds(actor)}`,
    )!;
  return tenant(actor, subjects.institution_id);
}

function lessonScope(actor: Actor): SQL {
  const base = tenant(actor, lessons.institution_id);
  if (!isTeacher(actor) && !isStudent(actor)) return base;
  const subjectIds = isTeacher(actor) ? teacherSubjectIds(actor) : studentSubjectIds(actor);
  return and(
    base,
    sql`${lessons.id} in (select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} in ${subjectIds})`,
  )!;
}

function evaluationScope(actor: Actor): SQL {
  const base = tenant(actor, evaluations.institution_id);
  const trainingOf = (promotionIds: SQL) =>
    sql`${evaluations.training_id} in (select ${trainings.id} from ${trainings} where ${trainings.promotion_id} in ${promotionIds})`;
  if (isTeacher(actor)) {
    return and(
      base,
      or(
        sql`${evaluations.subject_id} in ${teacherSubjectIds(actor)}`,
        trainingOf(teacherPromotions(actor)),
      ),
    )!;
  }
  if (isStudent(actor)) return and(base, trainingOf(studentPromotions(actor)))!;
  return base;
}

function userScope(actor: Actor, entity: 'user' | 'student' | 'teacher'): SQL {
  const role =
    entity === 'student'
      ? eq(users.role, 'student')
      : entity === 'teacher'
        ? inArray(users.role, ['teacher', 'super-teacher'])
        : TRUE;
  if (isStudent(actor) || isTeacher(actor)) return and(role, eq(users.id, actor.userId))!;
  return and(role, tenant(actor, users.institution_id))!;
}

/** Rows of an entity that the actor may see at all, as one SQL condition on the entity's table. */
export function scopeOf(actor: Actor, entity: Entity): Scoped {
  switch (entity) {
    case 'institution':
      return {
        table: institutions,
        id: institutions.id,
        where: actor.role === 'super-admin' ? TRUE : sameInstitution(actor, institutions.id),
      };
    case 'program':
      return {
        table: programs,
        id: programs.id,
        where:
          actor.role === 'super-admin'
            ? TRUE
            : sql`${programs.id} in (select ${institutionPrograms.program_id} from ${institutionPrograms} where ${institutionPrograms.institution_id} = ${actor.institutionId ?? -1})`,
      };
    case 'module':
      return {
        table: modules,
        id: modules.id,
        where:
          actor.role === 'super-admin'
            ? TRUE
            : sql`${modules.id} in (select ${institutionModules.module_id} from ${institutionModules} where ${institutionModules.institution_id} = ${actor.institutionId ?? -1})`,
      };
    case 'user':
    case 'student':
    case 'teacher':
      return { table: users, id: users.id, where: userScope(actor, entity) };
    case 'promotion':
      return {
        table: promotions,
        id: promotions.id,
        where: promotionScoped(actor, promotions.institution_id, promotions.id),
      };
    case 'training':
      return {
        table: trainings,
        id: trainings.id,
        where: promotionScoped(actor, trainings.institution_id, trainings.promotion_id),
      };
    case 'seminar':
      return {
        table: seminars,
        id: seminars.id,
        where: promotionScoped(actor, seminars.institution_id, seminars.promotion_id),
      };
    case 'group':
      return {
        table: groups,
        id: groups.id,
        where: isStudent(actor)
          ? and(tenant(actor, groups.institution_id), sql`${groups.id} in ${studentGroups(actor)}`)!
          : promotionScoped(actor, groups.institution_id, groups.promotion_id),
      };
    case 'subject':
      return { table: subjects, id: subjects.id, where: subjectScope(actor) };
    case 'lesson':
      return { table: lessons, id: lessons.id, where: lessonScope(actor) };
    case 'chapter':
      return {
        table: chapters,
        id: chapters.id,
        where: sql`${chapters.lesson_id} in (select ${lessons.id} from ${lessons} where ${lessonScope(actor)})`,
      };
    case 'episode':
      return {
        table: episodes,
        id: episodes.id,
        where: sql`${episodes.seminar_id} in (select ${seminars.id} from ${seminars} where ${scopeOf(actor, 'seminar').where})`,
      };
    case 'evaluation':
      return { table: evaluations, id: evaluations.id, where: evaluationScope(actor) };
    case 'result':
      return {
        table: results,
        id: results.id,
        where: and(
          sql`${results.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${evaluationScope(actor)})`,
          isStudent(actor) ? eq(results.student_id, actor.userId) : TRUE,
        )!,
      };
    case 'event':
      return {
        table: events,
        id: events.id,
        where:
          actor.role === 'super-admin'
            ? TRUE
            : or(
                eq(events.owner_id, actor.userId),
                and(sameInstitution(actor, events.institution_id), ne(events.audience, 'personal')),
                and(isNull(events.institution_id), ne(events.audience, 'personal')),
              )!,
      };
  }
}

/**
 * Set-based access check for bulk operations: answers which of the ids the actor may act on.
 * A role that may not perform the action at all gets 403 before any row is read.
 */
export async function allowedIds(
  db: DbOrTx,
  actor: Actor,
  action: Action,
  entity: Entity,
  ids: readonly number[],
): Promise<Set<number>> {
  authorize(actor, action, entity);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const scope = scopeOf(actor, entity);
  const rows = await db
    .select({ id: scope.id })
    .from(scope.table)
    .where(and(inArray(scope.id, unique), scope.where));
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Every id must be visible to the actor, or the whole request answers 404: a row of another
 * institution, or outside the actor's scope, is indistinguishable from a row that does not exist.
 */
export async function requireAccess(
  db: DbOrTx,
  actor: Actor,
  action: Action,
  entity: Entity,
  ids: number | readonly number[],
): Promise<void> {
  const list = typeof ids === 'number' ? [ids] : ids;
  const allowed = await allowedIds(db, actor, action, entity, list);
  if (list.some((id) => !allowed.has(id))) throw notFound();
}
