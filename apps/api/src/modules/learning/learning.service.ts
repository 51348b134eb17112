import { can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { resourcesOf } from '../../files/resources.ts';
import { notFound } from '../../http/errors.ts';
import { studentStates } from '../evaluations/status.ts';
import * as q from './learning.queries.ts';

/** Whole percent of chapters done; nothing to read counts as 0 %. */
const percent = (done: number, total: number) =>
  total === 0 ? 0 : Math.floor((100 * done) / total);

const withProgress = <T extends { nb_chapters: number; nb_done: number }>(row: T) => ({
  ...row,
  progress: percent(row.nb_done, row.nb_chapters),
});

/** `GET /api/me/trainings`: the trainings of the student's promotions, with their progress. */
export async function myTrainings(ctx: AppContext, actor: Actor) {
  const rows = await q.listMyTrainings(ctx.db, can(actor, 'read', 'training').where, actor.userId);
  return { data: rows.map(withProgress) };
}

/** `GET /api/me/trainings/:id`: modules → subjects → lessons, each with its progress. */
export async function myTraining(ctx: AppContext, actor: Actor, id: number) {
  const training = await requireMyTraining(ctx, actor, id);
  const rows = await q.trainingOutline(ctx.db, id, actor.userId);
  type Subject = {
    id: number;
    name: string;
    coefficient: number;
    hourly_volume: number;
    nb_chapters: number;
    nb_done: number;
    lessons: Array<{ id: number; title: string; nb_chapters: number; nb_done: number }>;
  };
  const modules = new Map<number, { id: number; name: string; subjects: Map<number, Subject> }>();
  for (const row of rows) {
    const module =
      modules.get(row.module_id) ??
      modules
        .set(row.module_id, { id: row.module_id, name: row.module_name, subjects: new Map() })
        .get(row.module_id)!;
    const subject =
      module.subjects.get(row.subject_id) ??
      module.subjects
        .set(row.subject_id, {
          id: row.subject_id,
          name: row.subject_name,
          coefficient: row.coefficient,
          hourly_volume: row.hourly_volume,
          nb_chapters: 0,
          nb_done: 0,
          lessons: [],
        })
        .get(row.subject_id)!;
    if (row.lesson_id === null || row.lesson_title === null) continue;
    subject.lessons.push({
      id: row.lesson_id,
      title: row.lesson_title,
      nb_chapters: row.nb_chapters,
      nb_done: row.nb_done,
    });
    subject.nb_chapters += row.nb_chapters;
    subject.nb_done += row.nb_done;
  }
  return {
    ...withProgress(training),
    modules: [...modules.values()].map((module) => ({
      id: module.id,
      name: module.name,
      subjects: [...module.subjects.values()].map((subject) => ({
        ...withProgress(subject),
        lessons: subject.lessons.map(withProgress),
      })),
    })),
  };
}

/** 404 unless the training is one the student follows (not archived, of their promotions). */
async function requireMyTraining(ctx: AppContext, actor: Actor, id: number) {
  const [training] = await q.listMyTrainings(
    ctx.db,
    can(actor, 'read', 'training').where,
    actor.userId,
    id,
  );
  if (!training) throw notFound();
  return training;
}

/** `GET /api/me/trainings/:id/resources`: the resources of the training's chapters. */
export async function myTrainingResources(ctx: AppContext, actor: Actor, id: number) {
  await requireMyTraining(ctx, actor, id);
  const rows = await q.trainingResources(ctx.db, id);
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      url: row.url,
      file_name: row.file_name,
      mime: row.mime,
      size: row.size,
      position: row.position,
      chapter: { id: row.chapter_id, title: row.chapter_title },
      lesson: { id: row.lesson_id, title: row.lesson_title },
      subject: { id: row.subject_id, name: row.subject_name },
    })),
  };
}

/** `GET /api/me/trainings/:id/evaluations`: the training's evaluations, soonest first. */
export async function myTrainingEvaluations(ctx: AppContext, actor: Actor, id: number) {
  await requireMyTraining(ctx, actor, id);
  const rows = await q.trainingEvaluations(ctx.db, id);
  const states = await studentStates(ctx.db, actor.userId, rows, ctx.clock.now());
  return {
    data: rows.map(({ subject_id, subject_name, time_zone: _zone, has_quiz: _quiz, ...row }) => ({
      ...row,
      status: states.get(row.id)!.status,
      subject: { id: subject_id, name: subject_name },
    })),
  };
}

/** `GET /api/me/lessons/:id`: the chapters of a lesson the student may read, done or not. */
export async function myLesson(ctx: AppContext, actor: Actor, id: number, subjectId?: number) {
  await requireAccess(ctx.db, actor, 'read', 'lesson', id);
  const [lesson, subject, chapters] = await Promise.all([
    q.lessonById(ctx.db, id),
    q.subjectOfLesson(ctx.db, can(actor, 'read', 'subject').where, id, subjectId),
    q.chaptersOfLesson(ctx.db, id, actor.userId),
  ]);
  if (!lesson || (subjectId !== undefined && !subject)) throw notFound();
  const done = chapters.filter((chapter) => chapter.done).length;
  return {
    ...lesson,
    subject,
    ...withProgress({ nb_chapters: chapters.length, nb_done: done }),
    chapters,
  };
}

/** `GET /api/me/chapters/:id?subjectId=`: the chapter, its resources, and where to go next. */
export async function myChapter(ctx: AppContext, actor: Actor, id: number, subjectId?: number) {
  await requireAccess(ctx.db, actor, 'read', 'chapter', id);
  const chapter = await q.chapterById(ctx.db, id);
  if (!chapter) throw notFound();
  const subject = await q.subjectOfLesson(
    ctx.db,
    can(actor, 'read', 'subject').where,
    chapter.lesson_id,
    subjectId,
  );
  if (subjectId !== undefined && !subject) throw notFound();
  const [order, resources, progress] = await Promise.all([
    q.readingOrder(ctx.db, chapter.lesson_id, subject?.id ?? null),
    resourcesOf(ctx.db, { chapterId: id }),
    q.progressOf(ctx.db, actor.userId, id),
  ]);
  const at = order.findIndex((row) => row.id === id);
  return {
    id: chapter.id,
    title: chapter.title,
    content: chapter.content,
    video_url: chapter.video_url,
    lesson: { id: chapter.lesson_id, title: chapter.lesson_title },
    subject,
    resources,
    previous: at > 0 ? order[at - 1]! : null,
    next: at >= 0 && at < order.length - 1 ? order[at + 1]! : null,
    done: progress?.completed_at != null,
  };
}

/** `PUT /api/me/chapters/:id/progress`: opened now, and done or not when said. */
export async function recordProgress(
  ctx: AppContext,
  actor: Actor,
  id: number,
  done: boolean | undefined,
) {
  await requireAccess(ctx.db, actor, 'read', 'chapter', id);
  const row = await q.recordProgress(ctx.db, actor.userId, id, ctx.clock.now(), done);
  return {
    chapter_id: row.chapter_id,
    done: row.completed_at !== null,
    opened_at: row.opened_at,
    completed_at: row.completed_at,
  };
}

/** `GET /api/me/resume`: the chapter opened last, to continue where the student left off. */
export async function resume(ctx: AppContext, actor: Actor) {
  const row = await q.lastOpened(ctx.db, actor.userId, can(actor, 'read', 'chapter').where);
  if (!row) return { chapter: null };
  const subject = await q.subjectOfLesson(
    ctx.db,
    can(actor, 'read', 'subject').where,
    row.lesson_id,
    undefined,
  );
  return {
    chapter: {
      id: row.id,
      title: row.title,
      lesson: { id: row.lesson_id, title: row.lesson_title },
      subject,
      done: row.completed_at !== null,
      opened_at: row.opened_at,
    },
  };
}
