// Who sees and edits what is taught: subjects, lessons and their chapters, seminars and their
// episodes, and a student's reading progress.
import type { Action } from '@skolar/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  chapterProgress,
  chapters,
  episodes,
  lessons,
  moduleSubjects,
  promotions,
  seminars,
  subjectLessons,
  subjects,
  teacherSubjects,
  trainingModules,
  trainings,
} from '../../db/schema/index.ts';
import type { Actor } from '../sessions.ts';
import {
  type EntityRules,
  FALSE,
  isStudent,
  isSuperTeacher,
  isTeacher,
  studentSubjectIds,
  TRUE,
  teacherPromotions,
  teacherSubjectIds,
  tenant,
} from './scope.ts';
import { promotionScope, promotionScoped } from './structure.ts';

export function subjectScope(actor: Actor): SQL {
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
    // Archived lessons are withdrawn from students; their teachers still see them.
    isStudent(actor) ? isNull(lessons.archived_at) : TRUE,
  )!;
}

export function chapterScope(actor: Actor): SQL {
  return and(
    sql`${chapters.lesson_id} in (select ${lessons.id} from ${lessons} where ${lessonScope(actor)})`,
    isStudent(actor) ? isNull(chapters.archived_at) : TRUE,
  )!;
}

export const seminarScope = (actor: Actor) =>
  promotionScoped(actor, seminars.institution_id, seminars.promotion_id);

export const episodeScope = (actor: Actor) =>
  sql`${episodes.seminar_id} in (select ${seminars.id} from ${seminars} where ${seminarScope(actor)})`;

/** A seminar of the public catalogue (its syllabus is public too). */
export const publicSeminar = sql`${seminars.visibility} = 'public' and ${seminars.archived_at} is null`;

/**
 * The subjects whose content a super-teacher edits: those they teach, and those of the trainings
 * of the promotions assigned to them (issue 10). They still read their whole institution.
 */
/** A super-teacher's subjects: those they teach and those of their promotions' trainings. */
export const superTeacherSubjectIds = (actor: Actor) => sql`(
  select ${teacherSubjects.subject_id} from ${teacherSubjects} where ${teacherSubjects.teacher_id} = ${actor.userId}
  union select ${moduleSubjects.subject_id} from ${moduleSubjects}
  join ${trainingModules} on ${trainingModules.module_id} = ${moduleSubjects.module_id}
  join ${trainings} on ${trainings.id} = ${trainingModules.training_id}
  where ${trainings.promotion_id} in ${teacherPromotions(actor)})`;

const CONTENT_WRITES: ReadonlySet<Action> = new Set(['update', 'delete', 'archive']);

/**
 * What a super-teacher may change of the teaching content (`content` picks the condition on the
 * entity's table); anyone else changes what they see, as far as the grants allow.
 */
const superTeacherWrites =
  (content: (actor: Actor, lessonIds: SQL) => SQL) =>
  (actor: Actor, action: Action): SQL | undefined => {
    if (!isSuperTeacher(actor) || !CONTENT_WRITES.has(action)) return undefined;
    const lessonIds = sql`(select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} in ${superTeacherSubjectIds(actor)})`;
    return content(actor, lessonIds);
  };

/**
 * The promotions in which the actor may add seminars: a super-teacher, those assigned to them;
 * anyone else, the promotions they see.
 */
export function seminarPromotions(actor: Actor): SQL {
  const visible = promotionScope(actor);
  if (!isSuperTeacher(actor)) return visible;
  return and(visible, sql`${promotions.id} in ${teacherPromotions(actor)}`)!;
}

export const teachingRules = {
  subject: {
    table: subjects,
    id: subjects.id,
    visible: subjectScope,
    writable: superTeacherWrites(
      (actor) => sql`${subjects.id} in ${superTeacherSubjectIds(actor)}`,
    ),
  },
  lesson: {
    table: lessons,
    id: lessons.id,
    visible: lessonScope,
    writable: superTeacherWrites((_actor, lessonIds) => sql`${lessons.id} in ${lessonIds}`),
  },
  chapter: {
    table: chapters,
    id: chapters.id,
    visible: chapterScope,
    writable: superTeacherWrites((_actor, lessonIds) => sql`${chapters.lesson_id} in ${lessonIds}`),
  },
  seminar: {
    table: seminars,
    id: seminars.id,
    visible: seminarScope,
    writable: superTeacherWrites(
      (actor) => sql`${seminars.promotion_id} in ${teacherPromotions(actor)}`,
    ),
  },
  episode: {
    table: episodes,
    id: episodes.id,
    visible: episodeScope,
    writable: superTeacherWrites(
      (actor) =>
        sql`${episodes.seminar_id} in (select ${seminars.id} from ${seminars} where ${seminars.promotion_id} in ${teacherPromotions(actor)})`,
    ),
  },
  progress: {
    // A student's own reading, keyed by chapter; nobody else's.
    table: chapterProgress,
    id: chapterProgress.chapter_id,
    visible: (actor) => (isStudent(actor) ? eq(chapterProgress.student_id, actor.userId) : FALSE),
  },
} satisfies EntityRules;
