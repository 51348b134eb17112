import { can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { splitOptions } from '../students/people.service.ts';
import {
  assignableTeachersAmong,
  lessonOptions,
  lessonsInInstitution,
  linkLessons,
  linkTeachers,
  lockLessonSubjects,
  subjectOf,
  teacherOptions,
  unlinkLesson,
  unlinkTeacher,
} from './subject-links.queries.ts';

// The subject's associations: lessons to subject (`/lesson-subject/:subjectId`, every content
// editor on the subjects they may assign) and its teachers (admins and super-teachers).

/**
 * The subject's lessons and the others the actor may reach in its institution (a teacher: the
 * lessons of the other subjects they teach), each with the other subjects it already belongs to.
 */
export async function lessonsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const subject = await subjectOf(ctx.db, id);
  const rows = await lessonOptions(ctx.db, subject, can(actor, 'update', 'lesson').where);
  return splitOptions({ id, label: subject.name }, rows);
}

/** Links lessons of the subject's institution that the actor may edit; any other id answers 404. */
export async function assignLessons(ctx: AppContext, actor: Actor, id: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const subject = await subjectOf(ctx.db, id);
  const unique = [...new Set(ids)];
  await requireAccess(ctx.db, actor, 'update', 'lesson', unique);
  const found = await lessonsInInstitution(ctx.db, unique, subject.institution_id);
  if (found.length !== unique.length) throw notFound();
  await linkLessons(ctx.db, id, unique);
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
    const links = await lockLessonSubjects(tx, lessonId);
    if (!links.some((row) => row.subject_id === id)) throw notFound();
    if (links.length === 1) throw conflict('subjects.conflict.lastSubject');
    await unlinkLesson(tx, id, lessonId);
  });
}

/** The subject's teachers, and the institution's other (active) teachers and super-teachers. */
export async function teachersOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const subject = await subjectOf(ctx.db, id);
  const rows = await teacherOptions(ctx.db, subject, can(actor, 'assign', 'teacher').where);
  return splitOptions({ id, label: subject.name }, rows);
}

/** Only teachers and super-teachers of the subject's institution: any other id answers 404. */
export async function assignTeachers(ctx: AppContext, actor: Actor, id: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const subject = await subjectOf(ctx.db, id);
  const unique = [...new Set(ids)];
  const found = await assignableTeachersAmong(
    ctx.db,
    unique,
    subject.institution_id,
    can(actor, 'assign', 'teacher').where,
  );
  if (found.length !== unique.length) throw notFound();
  await linkTeachers(ctx.db, id, unique);
  return teachersOf(ctx, actor, id);
}

export async function dissociateTeacher(
  ctx: AppContext,
  actor: Actor,
  id: number,
  teacherId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'subject', id);
  const removed = await unlinkTeacher(ctx.db, id, teacherId);
  if (!removed) throw notFound();
}
