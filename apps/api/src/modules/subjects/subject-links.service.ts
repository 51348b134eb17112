import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { authorize, can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { link, unlink } from '../../db/links.ts';
import {
  lessons,
  subjectLessons,
  subjects,
  teacherSubjects,
  users,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { splitOptions } from '../students/people.service.ts';

// The subject's associations: lessons to subject (`/lesson-subject/:subjectId`, every content
// editor on the subjects they may assign) and its teachers (admins and super-teachers).

async function subjectOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: subjects.id, name: subjects.name, institution_id: subjects.institution_id })
    .from(subjects)
    .where(eq(subjects.id, id));
  return row!;
}

/**
 * The subject's lessons and the others the actor may reach in its institution (a teacher: the
 * lessons of the other subjects they teach), each with the other subjects it already belongs to.
 */
export async function lessonsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const subject = await subjectOf(ctx.db, id);
  const inSubject = sql`(select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} = ${id})`;
  const otherSubjects = sql<
    string | null
  >`(select string_agg(${subjects.name}, ', ' order by ${subjects.name}) from ${subjectLessons} join ${subjects} on ${subjects.id} = ${subjectLessons.subject_id} where ${subjectLessons.lesson_id} = ${sql.raw('"lessons"."id"')} and ${subjectLessons.subject_id} <> ${id})`;
  const rows = await ctx.db
    .select({
      id: lessons.id,
      label: lessons.title,
      detail: otherSubjects,
      assigned: sql<boolean>`${lessons.id} in ${inSubject}`,
    })
    .from(lessons)
    .where(
      and(
        eq(lessons.institution_id, subject.institution_id),
        or(can(actor, 'update', 'lesson').where, sql`${lessons.id} in ${inSubject}`),
      ),
    )
    .orderBy(asc(lessons.position), asc(lessons.title), asc(lessons.id));
  return splitOptions({ id, label: subject.name }, rows);
}

/** Links lessons of the subject's institution that the actor may edit; any other id answers 404. */
export async function assignLessons(ctx: AppContext, actor: Actor, id: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const subject = await subjectOf(ctx.db, id);
  const unique = [...new Set(ids)];
  await requireAccess(ctx.db, actor, 'update', 'lesson', unique);
  const found = await ctx.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(inArray(lessons.id, unique), eq(lessons.institution_id, subject.institution_id)));
  if (found.length !== unique.length) throw notFound();
  await link(
    ctx.db,
    subjectLessons,
    subjectLessons.subject_id,
    subjectLessons.lesson_id,
    id,
    unique,
  );
  return lessonsOf(ctx, actor, id);
}

/**
 * Unlinks a lesson from the subject. A lesson must stay in at least one subject (no teacher could
 * reach it otherwise): unlinking its last one answers 409, and the lesson is deleted instead.
 */
export async function dissociateLesson(
  ctx: AppContext,
  actor: Actor,
  id: number,
  lessonId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  await ctx.db.transaction(async (tx) => {
    const links = await tx
      .select({ subject_id: subjectLessons.subject_id })
      .from(subjectLessons)
      .where(eq(subjectLessons.lesson_id, lessonId))
      .for('update');
    if (!links.some((row) => row.subject_id === id)) throw notFound();
    if (links.length === 1) throw conflict('subjects.conflict.lastSubject');
    await unlink(
      tx,
      subjectLessons,
      subjectLessons.subject_id,
      subjectLessons.lesson_id,
      id,
      lessonId,
    );
  });
}

const fullName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;

/** Teachers and super-teachers of the subject's institution whom the actor may assign. */
const assignableTeachers = (actor: Actor, institutionId: number) =>
  and(
    can(actor, 'assign', 'teacher').where,
    inArray(users.role, ['teacher', 'super-teacher']),
    eq(users.institution_id, institutionId),
  );

/** The subject's teachers, and the institution's other (active) teachers and super-teachers. */
export async function teachersOf(ctx: AppContext, actor: Actor, id: number) {
  authorize(actor, 'assign', 'teacher');
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const subject = await subjectOf(ctx.db, id);
  const teaches = sql<boolean>`${users.id} in (select ${teacherSubjects.teacher_id} from ${teacherSubjects} where ${teacherSubjects.subject_id} = ${id})`;
  const rows = await ctx.db
    .select({ id: users.id, label: fullName, detail: users.email, assigned: teaches })
    .from(users)
    .where(
      and(
        assignableTeachers(actor, subject.institution_id),
        // An archived teacher is offered no more, but stays listed while they teach it.
        or(isNull(users.archived_at), teaches),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
  return splitOptions({ id, label: subject.name }, rows);
}

/** Only teachers and super-teachers of the subject's institution: any other id answers 404. */
export async function assignTeachers(ctx: AppContext, actor: Actor, id: number, ids: number[]) {
  authorize(actor, 'assign', 'teacher');
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const subject = await subjectOf(ctx.db, id);
  const unique = [...new Set(ids)];
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), assignableTeachers(actor, subject.institution_id)));
  if (found.length !== unique.length) throw notFound();
  await link(
    ctx.db,
    teacherSubjects,
    teacherSubjects.subject_id,
    teacherSubjects.teacher_id,
    id,
    unique,
  );
  return teachersOf(ctx, actor, id);
}

export async function dissociateTeacher(
  ctx: AppContext,
  actor: Actor,
  id: number,
  teacherId: number,
) {
  authorize(actor, 'assign', 'teacher');
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const removed = await unlink(
    ctx.db,
    teacherSubjects,
    teacherSubjects.subject_id,
    teacherSubjects.teacher_id,
    id,
    teacherId,
  );
  if (!removed) throw notFound();
}
