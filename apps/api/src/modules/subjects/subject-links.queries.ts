import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { link, unlink } from '../../db/links.ts';
import {
  lessons,
  subjectLessons,
  subjects,
  teacherSubjects,
  users,
} from '../../db/schema/index.ts';

/** The subject's name and institution (the subject exists: the caller checked access). */
export async function subjectOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: subjects.id, name: subjects.name, institution_id: subjects.institution_id })
    .from(subjects)
    .where(eq(subjects.id, id));
  return row!;
}

/**
 * The lessons of the subject's institution that are in the subject or in `editable` (those the
 * actor may edit), each marked assigned or not, with the other subjects it belongs to.
 */
export function lessonOptions(
  db: DbOrTx,
  subject: { id: number; institution_id: number },
  editable: SQL,
) {
  const inSubject = sql`(select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} = ${subject.id})`;
  const otherSubjects = sql<
    string | null
  >`(select string_agg(${subjects.name}, ', ' order by ${subjects.name}) from ${subjectLessons} join ${subjects} on ${subjects.id} = ${subjectLessons.subject_id} where ${subjectLessons.lesson_id} = ${sql.raw('"lessons"."id"')} and ${subjectLessons.subject_id} <> ${subject.id})`;
  return db
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
        or(editable, sql`${lessons.id} in ${inSubject}`),
      ),
    )
    .orderBy(asc(lessons.position), asc(lessons.title), asc(lessons.id));
}

/** Of `ids`, the lessons of the institution. */
export function lessonsInInstitution(db: DbOrTx, ids: number[], institutionId: number) {
  return db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(inArray(lessons.id, ids), eq(lessons.institution_id, institutionId)));
}

/** Puts the lessons in the subject (those already there stay). */
export function linkLessons(db: DbOrTx, subjectId: number, lessonIds: readonly number[]) {
  return link(
    db,
    subjectLessons,
    subjectLessons.subject_id,
    subjectLessons.lesson_id,
    subjectId,
    lessonIds,
  );
}

/** The subjects of a lesson, their links locked (in `tx`). */
export function lockLessonSubjects(tx: DbOrTx, lessonId: number) {
  return tx
    .select({ subject_id: subjectLessons.subject_id })
    .from(subjectLessons)
    .where(eq(subjectLessons.lesson_id, lessonId))
    .for('update');
}

/** Takes the lesson out of the subject; answers whether it was there. */
export function unlinkLesson(tx: DbOrTx, subjectId: number, lessonId: number) {
  return unlink(
    tx,
    subjectLessons,
    subjectLessons.subject_id,
    subjectLessons.lesson_id,
    subjectId,
    lessonId,
  );
}

const fullName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;

/** Teachers and super-teachers of the institution in `assignable` (those the actor may assign). */
const assignableTeachers = (assignable: SQL, institutionId: number) =>
  and(
    assignable,
    inArray(users.role, ['teacher', 'super-teacher']),
    eq(users.institution_id, institutionId),
  );

/**
 * The subject's teachers and the institution's other (active) teachers and super-teachers in
 * `assignable`, each marked assigned or not.
 */
export function teacherOptions(
  db: DbOrTx,
  subject: { id: number; institution_id: number },
  assignable: SQL,
) {
  const teaches = sql<boolean>`${users.id} in (select ${teacherSubjects.teacher_id} from ${teacherSubjects} where ${teacherSubjects.subject_id} = ${subject.id})`;
  return db
    .select({ id: users.id, label: fullName, detail: users.email, assigned: teaches })
    .from(users)
    .where(
      and(
        assignableTeachers(assignable, subject.institution_id),
        // An archived teacher is offered no more, but stays listed while they teach it.
        or(isNull(users.archived_at), teaches),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
}

/** Of `ids`, the teachers and super-teachers of the institution in `assignable`. */
export function assignableTeachersAmong(
  db: DbOrTx,
  ids: number[],
  institutionId: number,
  assignable: SQL,
) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), assignableTeachers(assignable, institutionId)));
}

/** Makes the teachers teach the subject (those who already do stay). */
export function linkTeachers(db: DbOrTx, subjectId: number, teacherIds: readonly number[]) {
  return link(
    db,
    teacherSubjects,
    teacherSubjects.subject_id,
    teacherSubjects.teacher_id,
    subjectId,
    teacherIds,
  );
}

/** The teacher no longer teaches the subject; answers whether they did. */
export function unlinkTeacher(db: DbOrTx, subjectId: number, teacherId: number) {
  return unlink(
    db,
    teacherSubjects,
    teacherSubjects.subject_id,
    teacherSubjects.teacher_id,
    subjectId,
    teacherId,
  );
}
