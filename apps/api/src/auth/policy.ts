import { type Action, type Entity, roleMay } from '@skolar/shared';
import { and, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import {
  attempts,
  auditLog,
  calendarFeeds,
  chapterImages,
  chapterProgress,
  chapters,
  episodes,
  evaluations,
  events,
  files,
  gradeChanges,
  groupStudents,
  groupSubjects,
  groups,
  imports,
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
  questions,
  resources,
  results,
  seminars,
  subjectLessons,
  subjects,
  submissions,
  teacherSubjects,
  trainingModules,
  trainings,
  users,
} from '../db/schema/index.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { Actor } from './sessions.ts';

export type { Action, Entity } from '@skolar/shared';

/** 403 unless the actor's role may perform the action on that kind of row at all. */
export function authorize(actor: Actor, action: Action, entity: Entity): void {
  if (!roleMay(actor.role, action, entity)) throw forbidden();
}

const TRUE = sql`true`;
const FALSE = sql`false`;

// Sub-queries for the finer scopes (decision 5). Admins and super-teachers see their whole
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
/** Subjects of the trainings of the student's promotions, of their evaluations and of their groups. */
const studentSubjectIds = (actor: Actor) => sql`(
  select ${moduleSubjects.subject_id} from ${moduleSubjects}
  join ${trainingModules} on ${trainingModules.module_id} = ${moduleSubjects.module_id}
  join ${trainings} on ${trainings.id} = ${trainingModules.training_id}
  where ${trainings.promotion_id} in ${studentPromotions(actor)}
  union select ${evaluations.subject_id} from ${evaluations}
  join ${trainings} on ${trainings.id} = ${evaluations.training_id}
  where ${trainings.promotion_id} in ${studentPromotions(actor)}
  union select ${groupSubjects.subject_id} from ${groupSubjects}
  where ${groupSubjects.group_id} in ${studentGroups(actor)})`;

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

/**
 * A student's groups are those they belong to; a teacher's, the groups of their promotions and
 * the groups that follow a subject they teach (a teacher sees the promotions and subjects that are
 * theirs, and the groups and evaluations of those: decision 39).
 */
function groupScope(actor: Actor): SQL {
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

function lessonScope(actor: Actor): SQL {
  const base = tenant(actor, lessons.institution_id);
  if (!isTeacher(actor) && !isStudent(actor)) return base;
  const subjectIds = isTeacher(actor) ? teacherSubjectIds(actor) : studentSubjectIds(actor);
  return and(
    base,
    sql`${lessons.id} in (select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} in ${subjectIds})`,
    // Archived lessons are withdrawn from students; their teachers still see them.
    isStudent(actor) ? isNull(lessons.archived_at) : TRUE,
  )!;
}

function chapterScope(actor: Actor): SQL {
  return and(
    sql`${chapters.lesson_id} in (select ${lessons.id} from ${lessons} where ${lessonScope(actor)})`,
    isStudent(actor) ? isNull(chapters.archived_at) : TRUE,
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
  // An archived evaluation is withdrawn from students, as an archived lesson is: it takes no
  // start, answer or hand-in, and leaves their lists and transcript (issue 28).
  if (isStudent(actor))
    return and(base, trainingOf(studentPromotions(actor)), isNull(evaluations.archived_at))!;
  return base;
}

/**
 * The evaluations whose content, answer key, marking and grades the actor may change (decision
 * 175): a teacher, those of the subjects they teach; a super-teacher, those of the subjects they
 * teach and of the trainings of the promotions assigned to them; an admin, the institution's; the
 * super-admin, every one; a student, none. Seeing an evaluation (a teacher of its promotion, a
 * super-teacher of the institution) gives none of this.
 */
function markedEvaluations(actor: Actor): SQL {
  if (isStudent(actor)) return FALSE;
  const base = tenant(actor, evaluations.institution_id);
  if (isTeacher(actor))
    return and(base, sql`${evaluations.subject_id} in ${teacherSubjectIds(actor)}`)!;
  if (actor.role === 'super-teacher')
    return and(
      base,
      or(
        sql`${evaluations.subject_id} in ${teacherSubjectIds(actor)}`,
        // Their promotions' own evaluations, not those of the same subject in other promotions.
        sql`${evaluations.training_id} in (select ${trainings.id} from ${trainings} where ${trainings.promotion_id} in ${teacherPromotions(actor)})`,
      ),
    )!;
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

/**
 * A user sees their own events and those of their audiences: the institution's, and those of the
 * promotions and groups they may read (a student's own, a teacher's assigned ones, every one of
 * the institution for a super-teacher); an admin, every non-personal event of the institution.
 */
function eventScope(actor: Actor): SQL {
  if (actor.role === 'super-admin') return TRUE;
  const own = eq(events.owner_id, actor.userId);
  if (actor.role === 'admin')
    return or(
      own,
      and(sameInstitution(actor, events.institution_id), ne(events.audience, 'personal')),
    )!;
  const audienceIn = (kind: 'promotion' | 'group', ids: SQL) =>
    and(eq(events.audience, kind), sql`${events.audience_id} in ${ids}`);
  return or(
    own,
    and(
      sameInstitution(actor, events.institution_id),
      or(
        and(eq(events.audience, 'institution'), eq(events.audience_id, actor.institutionId ?? -1)),
        audienceIn(
          'promotion',
          sql`(select ${promotions.id} from ${promotions} where ${visibleRows(actor, 'promotion').where})`,
        ),
        audienceIn('group', sql`(select ${groups.id} from ${groups} where ${groupScope(actor)})`),
      ),
    ),
  )!;
}

/** Rows of an entity that the actor may see at all, as one SQL condition on the entity's table. */
function visibleRows(actor: Actor, entity: Entity): Scoped {
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
      return { table: groups, id: groups.id, where: groupScope(actor) };
    case 'subject':
      return { table: subjects, id: subjects.id, where: subjectScope(actor) };
    case 'lesson':
      return { table: lessons, id: lessons.id, where: lessonScope(actor) };
    case 'chapter':
      return { table: chapters, id: chapters.id, where: chapterScope(actor) };
    case 'episode':
      return {
        table: episodes,
        id: episodes.id,
        where: sql`${episodes.seminar_id} in (select ${seminars.id} from ${seminars} where ${visibleRows(actor, 'seminar').where})`,
      };
    case 'evaluation':
      return { table: evaluations, id: evaluations.id, where: evaluationScope(actor) };
    case 'question':
      // The answer key stays with those who set and mark the exam: students read questions only
      // through their attempt.
      return {
        table: questions,
        id: questions.id,
        where: sql`${questions.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${markedEvaluations(actor)})`,
      };
    case 'attempt':
      // A student's own; staff, those of the evaluations they mark (the scores are drafts).
      return {
        table: attempts,
        id: attempts.id,
        where: isStudent(actor)
          ? and(
              sql`${attempts.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${evaluationScope(actor)})`,
              eq(attempts.student_id, actor.userId),
            )!
          : sql`${attempts.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${markedEvaluations(actor)})`,
      };
    case 'submission':
      return {
        table: submissions,
        id: submissions.id,
        where: isStudent(actor)
          ? and(
              sql`${submissions.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${evaluationScope(actor)})`,
              eq(submissions.student_id, actor.userId),
            )!
          : sql`${submissions.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${markedEvaluations(actor)})`,
      };
    case 'result':
      return {
        table: results,
        id: results.id,
        where: and(
          sql`${results.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${evaluationScope(actor)})`,
          isStudent(actor)
            ? // A student sees their own grades, and only once published.
              and(eq(results.student_id, actor.userId), isNotNull(results.published_at))!
            : // Staff see the drafts of the evaluations they mark, and the published grades of
              // the others they see (what the transcript shows them).
              or(
                isNotNull(results.published_at),
                sql`${results.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${markedEvaluations(actor)})`,
              )!,
        )!,
      };
    case 'grade_change':
      // The history of a grade, drafts included: those who mark its evaluation.
      return {
        table: gradeChanges,
        id: gradeChanges.id,
        where: sql`${gradeChanges.result_id} in (select ${results.id} from ${results} where ${results.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${markedEvaluations(actor)}))`,
      };
    case 'event':
      return { table: events, id: events.id, where: eventScope(actor) };
    case 'calendar_feed':
      // A user's own feed, whatever their role.
      return {
        table: calendarFeeds,
        id: calendarFeeds.id,
        where: eq(calendarFeeds.user_id, actor.userId),
      };
    case 'import':
      return { table: imports, id: imports.id, where: tenant(actor, imports.institution_id) };
    case 'audit':
      return { table: auditLog, id: auditLog.id, where: tenant(actor, auditLog.institution_id) };
    case 'file':
      return { table: files, id: files.id, where: fileScope(actor) };
    case 'progress':
      // A student's own reading, keyed by chapter; nobody else's.
      return {
        table: chapterProgress,
        id: chapterProgress.chapter_id,
        where: isStudent(actor) ? eq(chapterProgress.student_id, actor.userId) : FALSE,
      };
  }
}

/** `/api/files/<id>`, the link other rows keep to a file, as SQL on the files table. */
const fileLink = sql`'/api/files/' || ${files.id}`;

/**
 * A file is readable as the row that links it is: an institution's logo by anyone, a training's
 * cover by whoever may read the training (anyone when it is public), a picture by whoever may read
 * its user; a chapter's image (chapter_images) or file resource by whoever may read the chapter that
 * shows or lists it; a seminar's syllabus by whoever may read the seminar (anyone when it is public and not
 * archived), an episode's resource by whoever may read the episode; every file by its uploader.
 * an evaluation's document by whoever may read the evaluation, its correction by staff in scope
 * (students through their own route once it has closed), a submission by its student and the
 * staff of its evaluation.
 */
function fileScope(actor: Actor): SQL {
  if (actor.role === 'super-admin') return TRUE;
  const trainingsSeen = visibleRows(actor, 'training').where;
  const usersSeen = visibleRows(actor, 'user').where;
  const seminarsSeen = visibleRows(actor, 'seminar').where;
  const episodesSeen = visibleRows(actor, 'episode').where;
  return or(
    eq(files.owner_id, actor.userId),
    eq(files.kind, 'institution/logo'),
    and(
      eq(files.kind, 'formation/cover'),
      sql`${fileLink} in (select ${trainings.cover_link} from ${trainings} where ${trainingsSeen} or (${trainings.visibility} = 'public' and ${trainings.archived_at} is null))`,
    ),
    and(
      eq(files.kind, 'user/picture'),
      sql`${fileLink} in (select ${users.picture_link} from ${users} where ${usersSeen})`,
    ),
    and(
      eq(files.kind, 'chapter/image'),
      // Through the chapters that show it (decision 172), never a text that names its address.
      sql`${files.id} in (select ${chapterImages.file_id} from ${chapterImages} where ${chapterImages.chapter_id} in (select ${chapters.id} from ${chapters} where ${chapterScope(actor)}))`,
    ),
    and(
      eq(files.kind, 'seminar/syllabus'),
      sql`${files.id} in (select ${seminars.syllabus_file_id} from ${seminars} where ${seminarsSeen} or (${publicSeminar}))`,
    ),
    and(
      eq(files.kind, 'evaluation/document'),
      sql`${files.id} in (select ${evaluations.document_file_id} from ${evaluations} where ${evaluationScope(actor)})`,
    ),
    // A correction reaches students only once no attempt takes an answer, through their own route
    // (`/api/me/evaluations/:id/correction`, which asks the clock); here, those who mark it.
    and(
      eq(files.kind, 'evaluation/correction'),
      sql`${files.id} in (select ${evaluations.correction_file_id} from ${evaluations} where ${markedEvaluations(actor)})`,
    ),
    and(
      eq(files.kind, 'submission'),
      sql`${files.id} in (select ${submissions.file_id} from ${submissions} where ${visibleRows(actor, 'submission').where})`,
    ),
    and(
      eq(files.kind, 'resource'),
      sql`${files.id} in (select ${resources.file_id} from ${resources} where ${resources.chapter_id} in (select ${chapters.id} from ${chapters} where ${chapterScope(actor)}) or ${resources.episode_id} in (select ${episodes.id} from ${episodes} where ${episodesSeen}))`,
    ),
  )!;
}

/** A seminar of the public catalogue (its syllabus is public too). */
const publicSeminar = sql`${seminars.visibility} = 'public' and ${seminars.archived_at} is null`;

/**
 * Files anyone may read, signed in or not: logos, and the covers and syllabuses of public,
 * non-archived trainings and seminars.
 */
export const publicFiles: SQL = or(
  eq(files.kind, 'institution/logo'),
  and(
    eq(files.kind, 'seminar/syllabus'),
    sql`${files.id} in (select ${seminars.syllabus_file_id} from ${seminars} where ${publicSeminar})`,
  ),
  and(
    eq(files.kind, 'formation/cover'),
    sql`${fileLink} in (select ${trainings.cover_link} from ${trainings} where ${trainings.visibility} = 'public' and ${trainings.archived_at} is null)`,
  ),
)!;

/**
 * The subjects whose content a super-teacher edits: those they teach, and those of the trainings
 * of the promotions assigned to them (issue 10). They still read their whole institution.
 */
const superTeacherSubjectIds = (actor: Actor) => sql`(
  select ${teacherSubjects.subject_id} from ${teacherSubjects} where ${teacherSubjects.teacher_id} = ${actor.userId}
  union select ${moduleSubjects.subject_id} from ${moduleSubjects}
  join ${trainingModules} on ${trainingModules.module_id} = ${moduleSubjects.module_id}
  join ${trainings} on ${trainings.id} = ${trainingModules.training_id}
  where ${trainings.promotion_id} in ${teacherPromotions(actor)})`;

const CONTENT_WRITES: ReadonlySet<Action> = new Set(['update', 'delete', 'archive']);

/** What a super-teacher may change of the teaching content, as SQL on the entity's table. */
function superTeacherContent(actor: Actor, entity: Entity): SQL | undefined {
  const subjectIds = superTeacherSubjectIds(actor);
  const lessonIds = sql`(select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} in ${subjectIds})`;
  switch (entity) {
    case 'subject':
      return sql`${subjects.id} in ${subjectIds}`;
    case 'lesson':
      return sql`${lessons.id} in ${lessonIds}`;
    case 'chapter':
      return sql`${chapters.lesson_id} in ${lessonIds}`;
    case 'seminar':
      return sql`${seminars.promotion_id} in ${teacherPromotions(actor)}`;
    case 'episode':
      return sql`${episodes.seminar_id} in (select ${seminars.id} from ${seminars} where ${seminars.promotion_id} in ${teacherPromotions(actor)})`;
    default:
      return undefined;
  }
}

/**
 * The promotions in which the actor may add seminars: a super-teacher, those assigned to them;
 * anyone else, the promotions they see.
 */
export function seminarPromotions(actor: Actor): SQL {
  const visible = visibleRows(actor, 'promotion').where;
  if (actor.role !== 'super-teacher') return visible;
  return and(visible, sql`${promotions.id} in ${teacherPromotions(actor)}`)!;
}

/** Writes narrower than what the actor sees, per entity. */
function writableRows(actor: Actor, action: Action, entity: Entity, visible: SQL): SQL {
  // Every change to an evaluation (its fields, documents, extra time) and to its grades: those
  // who mark it, whatever else they see.
  if (entity === 'evaluation') return and(visible, markedEvaluations(actor))!;
  if (entity === 'result')
    return and(
      visible,
      sql`${results.evaluation_id} in (select ${evaluations.id} from ${evaluations} where ${markedEvaluations(actor)})`,
    )!;
  if (actor.role === 'super-teacher' && CONTENT_WRITES.has(action)) {
    const content = superTeacherContent(actor, entity);
    if (content) return and(visible, content)!;
  }
  if (entity === 'event' && actor.role !== 'super-admin') {
    // Everyone writes their own events; an admin also the events of the institution.
    return or(
      eq(events.owner_id, actor.userId),
      actor.role === 'admin'
        ? and(sameInstitution(actor, events.institution_id), ne(events.audience, 'personal'))
        : FALSE,
    )!;
  }
  void action;
  return visible;
}

const READS: ReadonlySet<Action> = new Set(['list', 'read']);

/**
 * The rows of an entity on which the actor may perform the action, as one SQL condition on the
 * entity's table: tenancy (another institution's rows are never in it), the role's scope (a
 * teacher's promotions and subjects, a student's own rows), and what the action needs beyond
 * seeing the row (only the owner writes a personal event). Every handler reaches rows through it,
 * with `requireAccess`, `allowedIds`, `permissionsOf` or as the `where` of its list query.
 * The role's grant itself is checked by `authorize` (403 before any row is read).
 */
export function can(actor: Actor, action: Action, entity: Entity): Scoped {
  const visible = visibleRows(actor, entity);
  if (READS.has(action)) return visible;
  return { ...visible, where: writableRows(actor, action, entity, visible.where) };
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
  const scope = can(actor, action, entity);
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

/** What the current user may do with a row: the screens show only these actions. */
export interface RowPermissions {
  update: boolean;
  delete: boolean;
  archive: boolean;
}

const ROW_ACTIONS = ['update', 'delete', 'archive'] as const;

/**
 * The permissions of the actor on each of the rows, in one query, from the same `can` that the
 * write will ask: a teacher's own event says yes, a colleague's says no.
 */
export async function permissionsOf(
  db: DbOrTx,
  actor: Actor,
  entity: Entity,
  ids: readonly number[],
): Promise<Map<number, RowPermissions>> {
  const none: RowPermissions = { update: false, delete: false, archive: false };
  const answer = new Map<number, RowPermissions>(ids.map((id) => [id, { ...none }]));
  const granted = ROW_ACTIONS.filter((action) => roleMay(actor.role, action, entity));
  if (ids.length === 0 || granted.length === 0) return answer;
  const scope = visibleRows(actor, entity);
  const columns = Object.fromEntries(
    granted.map((action) => [
      action,
      sql<boolean>`coalesce((${can(actor, action, entity).where}), false)`,
    ]),
  );
  const rows = (await db
    .select({ id: scope.id, ...columns })
    .from(scope.table)
    .where(inArray(scope.id, [...new Set(ids)]))) as unknown as Array<
    { id: number } & Partial<Record<(typeof ROW_ACTIONS)[number], boolean | string>>
  >;
  for (const row of rows) {
    const flags = { ...none };
    for (const action of granted) flags[action] = row[action] === true || row[action] === 't';
    answer.set(Number(row.id), flags);
  }
  return answer;
}

type Refine<T> = (row: T, can: RowPermissions) => RowPermissions;

/**
 * The rows with their `can` flags (permissionsOf), optionally refined by a rule of the row itself
 * (a program still used by promotions cannot be deleted).
 */
export async function withPermissions<T extends { id: number }>(
  db: DbOrTx,
  actor: Actor,
  entity: Entity,
  rows: readonly T[],
  refine: Refine<T> = (_row, can) => can,
): Promise<Array<T & { can: RowPermissions }>> {
  const ids = rows.map((row) => row.id);
  const permissions = await permissionsOf(db, actor, entity, ids);
  return rows.map((row) => ({ ...row, can: refine(row, permissions.get(row.id)!) }));
}

/** One row with its `can` flags. */
export async function withPermission<T extends { id: number }>(
  db: DbOrTx,
  actor: Actor,
  entity: Entity,
  row: T,
  refine?: Refine<T>,
): Promise<T & { can: RowPermissions }> {
  return (await withPermissions(db, actor, entity, [row], refine))[0]!;
}
