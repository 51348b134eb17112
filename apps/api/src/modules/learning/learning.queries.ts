import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  chapterProgress,
  chapters,
  evaluations,
  files,
  institutions,
  lessons,
  moduleSubjects,
  modules,
  promotions,
  resources,
  subjectLessons,
  subjects,
  trainingModules,
  trainings,
} from '../../db/schema/index.ts';
import { resourceColumns } from '../../files/resources.ts';

/** The outer training of the correlated sub-selects below. */
const outerTraining = sql.raw('"trainings"."id"');

/** Chapters of a training's lessons (through its modules and their subjects), once each. */
const trainingChapters = (done: SQL | undefined) => sql`(
  select count(distinct ${chapters.id})::int from ${trainingModules}
  join ${moduleSubjects} on ${moduleSubjects.module_id} = ${trainingModules.module_id}
  join ${subjectLessons} on ${subjectLessons.subject_id} = ${moduleSubjects.subject_id}
  join ${lessons} on ${lessons.id} = ${subjectLessons.lesson_id} and ${lessons.archived_at} is null
  join ${chapters} on ${chapters.lesson_id} = ${lessons.id} and ${chapters.archived_at} is null
  where ${trainingModules.training_id} = ${outerTraining} ${done ? sql`and ${done}` : sql``})`;

/** The chapter (`chapters.id` of the enclosing query) is marked done by the student. */
const doneBy = (studentId: number) =>
  sql`exists (select 1 from ${chapterProgress} where ${chapterProgress.chapter_id} = ${chapters.id} and ${chapterProgress.student_id} = ${studentId} and ${chapterProgress.completed_at} is not null)`;

/** The student's trainings (non-archived, in their scope), with subject and chapter counts. */
export function listMyTrainings(db: DbOrTx, scope: SQL, studentId: number, trainingId?: number) {
  return db
    .select({
      id: trainings.id,
      title: trainings.title,
      program: trainings.program,
      level: trainings.level,
      description: trainings.description,
      total_hours: trainings.total_hours,
      cover_link: trainings.cover_link,
      promotion_name: promotions.name,
      academic_year: promotions.academic_year,
      nb_subjects: sql<number>`(select count(distinct ${moduleSubjects.subject_id})::int from ${moduleSubjects}
        join ${trainingModules} on ${trainingModules.module_id} = ${moduleSubjects.module_id}
        where ${trainingModules.training_id} = ${outerTraining})`,
      nb_chapters: sql<number>`${trainingChapters(undefined)}`,
      nb_done: sql<number>`${trainingChapters(doneBy(studentId))}`,
    })
    .from(trainings)
    .innerJoin(promotions, eq(promotions.id, trainings.promotion_id))
    .where(
      and(
        scope,
        isNull(trainings.archived_at),
        trainingId === undefined ? undefined : eq(trainings.id, trainingId),
      ),
    )
    .orderBy(desc(promotions.academic_year), asc(trainings.title), asc(trainings.id));
}

/** The training's modules, subjects and lessons with each lesson's chapter counts. */
export function trainingOutline(db: DbOrTx, trainingId: number, studentId: number) {
  return db
    .select({
      module_id: modules.id,
      module_name: modules.name,
      subject_id: subjects.id,
      subject_name: subjects.name,
      coefficient: subjects.coefficient,
      hourly_volume: subjects.hourly_volume,
      lesson_id: lessons.id,
      lesson_title: lessons.title,
      nb_chapters: sql<number>`(select count(*)::int from ${chapters} where ${chapters.lesson_id} = ${lessons.id} and ${chapters.archived_at} is null)`,
      nb_done: sql<number>`(select count(*)::int from ${chapters} where ${chapters.lesson_id} = ${lessons.id} and ${chapters.archived_at} is null and ${doneBy(studentId)})`,
    })
    .from(trainingModules)
    .innerJoin(modules, eq(modules.id, trainingModules.module_id))
    .innerJoin(moduleSubjects, eq(moduleSubjects.module_id, modules.id))
    .innerJoin(
      subjects,
      and(eq(subjects.id, moduleSubjects.subject_id), isNull(subjects.archived_at)),
    )
    .leftJoin(subjectLessons, eq(subjectLessons.subject_id, subjects.id))
    .leftJoin(lessons, and(eq(lessons.id, subjectLessons.lesson_id), isNull(lessons.archived_at)))
    .where(eq(trainingModules.training_id, trainingId))
    .orderBy(
      asc(modules.name),
      asc(modules.id),
      asc(subjects.name),
      asc(subjects.id),
      asc(lessons.position),
      asc(lessons.id),
    );
}

/** A subject the actor may read that holds the lesson: the given one, or the first by name. */
export async function subjectOfLesson(
  db: DbOrTx,
  visibleSubjects: SQL,
  lessonId: number,
  subjectId: number | undefined,
) {
  const [row] = await db
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .innerJoin(subjectLessons, eq(subjectLessons.subject_id, subjects.id))
    .where(
      and(
        visibleSubjects,
        eq(subjectLessons.lesson_id, lessonId),
        subjectId === undefined ? undefined : eq(subjects.id, subjectId),
      ),
    )
    .orderBy(asc(subjects.name), asc(subjects.id))
    .limit(1);
  return row ?? null;
}

export async function lessonById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: lessons.id, title: lessons.title, summary: lessons.summary })
    .from(lessons)
    .where(eq(lessons.id, id));
  return row;
}

/** The lesson's chapters in order, each with whether the student marked it done. */
export function chaptersOfLesson(db: DbOrTx, lessonId: number, studentId: number) {
  return db
    .select({
      id: chapters.id,
      title: chapters.title,
      position: chapters.position,
      done: sql<boolean>`${doneBy(studentId)}`,
    })
    .from(chapters)
    .where(and(eq(chapters.lesson_id, lessonId), isNull(chapters.archived_at)))
    .orderBy(asc(chapters.position), asc(chapters.id));
}

export async function chapterById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: chapters.id,
      title: chapters.title,
      content: chapters.content,
      video_url: chapters.video_url,
      lesson_id: lessons.id,
      lesson_title: lessons.title,
    })
    .from(chapters)
    .innerJoin(lessons, eq(lessons.id, chapters.lesson_id))
    .where(eq(chapters.id, id));
  return row;
}

/**
 * The reading order around a chapter: the chapters of the subject's lessons (lesson by lesson),
 * or of the chapter's own lesson when no subject is known.
 */
export function readingOrder(db: DbOrTx, lessonId: number, subjectId: number | null) {
  const lessonsOf =
    subjectId === null
      ? eq(lessons.id, lessonId)
      : sql`${lessons.id} in (select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} = ${subjectId})`;
  return db
    .select({ id: chapters.id, title: chapters.title })
    .from(chapters)
    .innerJoin(lessons, eq(lessons.id, chapters.lesson_id))
    .where(and(lessonsOf, isNull(lessons.archived_at), isNull(chapters.archived_at)))
    .orderBy(asc(lessons.position), asc(lessons.id), asc(chapters.position), asc(chapters.id));
}

export async function progressOf(db: DbOrTx, studentId: number, chapterId: number) {
  const [row] = await db
    .select()
    .from(chapterProgress)
    .where(
      and(eq(chapterProgress.student_id, studentId), eq(chapterProgress.chapter_id, chapterId)),
    );
  return row;
}

/**
 * Records that the student opened the chapter now, and marks it done or not when `done` is given
 * (a chapter already done keeps its first completion time).
 */
export async function recordProgress(
  db: DbOrTx,
  studentId: number,
  chapterId: number,
  now: Date,
  done: boolean | undefined,
) {
  const completedAt = done === true ? now : null;
  const onConflict =
    done === undefined
      ? { opened_at: now }
      : {
          opened_at: now,
          completed_at: done
            ? sql`coalesce(${chapterProgress.completed_at}, ${now.toISOString()}::timestamptz)`
            : sql`null`,
        };
  const [row] = await db
    .insert(chapterProgress)
    .values({
      student_id: studentId,
      chapter_id: chapterId,
      opened_at: now,
      completed_at: completedAt,
    })
    .onConflictDoUpdate({
      target: [chapterProgress.student_id, chapterProgress.chapter_id],
      set: onConflict,
    })
    .returning();
  return row!;
}

/** The chapter the student opened last, among those they may still read. */
export async function lastOpened(db: DbOrTx, studentId: number, visibleChapters: SQL) {
  const [row] = await db
    .select({
      id: chapters.id,
      title: chapters.title,
      lesson_id: lessons.id,
      lesson_title: lessons.title,
      opened_at: chapterProgress.opened_at,
      completed_at: chapterProgress.completed_at,
    })
    .from(chapterProgress)
    .innerJoin(chapters, eq(chapters.id, chapterProgress.chapter_id))
    .innerJoin(lessons, eq(lessons.id, chapters.lesson_id))
    .where(and(eq(chapterProgress.student_id, studentId), visibleChapters))
    .orderBy(desc(chapterProgress.opened_at))
    .limit(1);
  return row;
}

/** The resources of every chapter of the training, subject by subject, in reading order. */
export function trainingResources(db: DbOrTx, trainingId: number) {
  return db
    .selectDistinct({
      ...resourceColumns,
      chapter_id: chapters.id,
      chapter_title: chapters.title,
      lesson_id: lessons.id,
      lesson_title: lessons.title,
      subject_id: subjects.id,
      subject_name: subjects.name,
      lesson_position: lessons.position,
      chapter_position: chapters.position,
    })
    .from(resources)
    .leftJoin(files, eq(files.id, resources.file_id))
    .innerJoin(chapters, eq(chapters.id, resources.chapter_id))
    .innerJoin(lessons, eq(lessons.id, chapters.lesson_id))
    .innerJoin(subjectLessons, eq(subjectLessons.lesson_id, lessons.id))
    .innerJoin(subjects, eq(subjects.id, subjectLessons.subject_id))
    .innerJoin(moduleSubjects, eq(moduleSubjects.subject_id, subjects.id))
    .innerJoin(trainingModules, eq(trainingModules.module_id, moduleSubjects.module_id))
    .where(
      and(
        eq(trainingModules.training_id, trainingId),
        isNull(lessons.archived_at),
        isNull(chapters.archived_at),
      ),
    )
    .orderBy(
      asc(subjects.name),
      asc(subjects.id),
      asc(lessons.position),
      asc(lessons.id),
      asc(chapters.position),
      asc(chapters.id),
      asc(resources.position),
      asc(resources.id),
    );
}

/** The evaluations of the training, in date order. */
export function trainingEvaluations(db: DbOrTx, trainingId: number) {
  return db
    .select({
      id: evaluations.id,
      title: evaluations.title,
      type: evaluations.type,
      date: evaluations.date,
      start_time: evaluations.start_time,
      end_time: evaluations.end_time,
      deadline: evaluations.deadline,
      location: evaluations.location,
      percentage: evaluations.percentage,
      scale: evaluations.scale,
      has_quiz: evaluations.has_quiz,
      subject_id: subjects.id,
      subject_name: subjects.name,
      time_zone: institutions.timezone,
    })
    .from(evaluations)
    .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
    .innerJoin(institutions, eq(institutions.id, evaluations.institution_id))
    .where(and(eq(evaluations.training_id, trainingId), isNull(evaluations.archived_at)))
    .orderBy(asc(evaluations.date), asc(evaluations.start_time), asc(evaluations.id));
}
