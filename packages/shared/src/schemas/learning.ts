import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { evaluationStatusField } from './evaluations.ts';
import { resource } from './resources.ts';

/**
 * The student's learning space (`/api/me/trainings`, `/api/me/lessons/:id`, `/api/me/chapters/:id`):
 * what they follow, with their reading progress. `progress` is the share of chapters marked done,
 * in whole percent (0 when there is nothing to read).
 */
const progress = {
  nb_chapters: z.number().int(),
  nb_done: z.number().int(),
  progress: z.number().int().min(0).max(100),
};

/** One training of the student's promotions. */
export const myTraining = z.object({
  id: z.number().int(),
  title: z.string(),
  program: z.string(),
  level: z.string(),
  description: z.string(),
  total_hours: z.number().int(),
  cover_link: z.string().nullable(),
  promotion_name: z.string(),
  academic_year: z.string(),
  nb_subjects: z.number().int(),
  ...progress,
});
export type MyTraining = Wire<z.output<typeof myTraining>>;

export const myTrainingsAnswer = z.object({ data: z.array(myTraining) });

const lessonProgress = z.object({ id: z.number().int(), title: z.string(), ...progress });

/** `GET /api/me/trainings/:id`: modules, their subjects and the subjects' lessons, with progress. */
export const myTrainingDetail = myTraining.extend({
  modules: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      subjects: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          coefficient: z.number(),
          hourly_volume: z.number().int(),
          ...progress,
          lessons: z.array(lessonProgress),
        }),
      ),
    }),
  ),
});
export type MyTrainingDetail = Wire<z.output<typeof myTrainingDetail>>;

const ref = z.object({ id: z.number().int(), title: z.string() });
const subjectRef = z.object({ id: z.number().int(), name: z.string() });

/** `GET /api/me/lessons/:id`: the lesson's chapters in order, each done or not. */
export const myLesson = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  subject: subjectRef.nullable(),
  ...progress,
  chapters: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      position: z.number().int(),
      done: z.boolean(),
    }),
  ),
});
export type MyLesson = Wire<z.output<typeof myLesson>>;

/**
 * `GET /api/me/chapters/:id?subjectId=`: the chapter to read, its resources, and where to go next:
 * the neighbouring chapters of the lesson, then (within the subject) the next or previous lesson's.
 */
export const myChapter = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML (the server cleans every write). */
  content: z.string(),
  video_url: z.string().nullable(),
  lesson: ref,
  subject: subjectRef.nullable(),
  resources: z.array(resource),
  previous: ref.nullable(),
  next: ref.nullable(),
  done: z.boolean(),
});
export type MyChapter = Wire<z.output<typeof myChapter>>;

export const progressBody = z.object({
  /** Marks the chapter done (true) or not done (false); absent: only records that it was opened. */
  done: z.boolean().optional(),
});
export type ProgressBody = z.input<typeof progressBody>;

export const chapterProgressAnswer = z.object({
  chapter_id: z.number().int(),
  done: z.boolean(),
  opened_at: z.date(),
  completed_at: z.date().nullable(),
});
export type ChapterProgressAnswer = Wire<z.output<typeof chapterProgressAnswer>>;

/** `GET /api/me/resume`: the chapter the student opened last, to continue where they left off. */
export const resumeAnswer = z.object({
  chapter: z
    .object({
      id: z.number().int(),
      title: z.string(),
      lesson: ref,
      subject: subjectRef.nullable(),
      done: z.boolean(),
      opened_at: z.date(),
    })
    .nullable(),
});
export type ResumeAnswer = Wire<z.output<typeof resumeAnswer>>;

/** `GET /api/me/trainings/:id/resources`: every resource of the training's chapters. */
export const myTrainingResources = z.object({
  data: z.array(
    resource.extend({
      chapter: ref,
      lesson: ref,
      subject: subjectRef,
    }),
  ),
});
export type MyTrainingResource = Wire<z.output<typeof myTrainingResources>>['data'][number];

/** `GET /api/me/trainings/:id/evaluations`: the training's evaluations, soonest first. */
export const myTrainingEvaluations = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      type: z.enum(['exam', 'project']),
      date: z.string(),
      start_time: z.string().nullable(),
      end_time: z.string().nullable(),
      deadline: z.date().nullable(),
      location: z.string().nullable(),
      percentage: z.number(),
      scale: z.number(),
      /** The student's status (evaluation-status.ts), by the server's clock. */
      status: evaluationStatusField,
      subject: subjectRef,
    }),
  ),
});
export type MyTrainingEvaluation = Wire<z.output<typeof myTrainingEvaluations>>['data'][number];
