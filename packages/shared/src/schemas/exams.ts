import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { instantField } from './common-fields.ts';
import { evaluationPersonRef } from './evaluations.ts';

export const QUESTION_KINDS = [
  'single',
  'multiple',
  'short',
  'numerical',
  'matching',
  'long',
  'description',
] as const;
export const questionKind = z.enum(QUESTION_KINDS);
export type QuestionKind = z.infer<typeof questionKind>;

/**
 * How a prompt is written: plain text (line breaks kept) or HTML cleaned by the same allow-list as
 * chapters. GIFT's `[markdown]` is stored as the HTML it renders to, `[moodle]` as plain text.
 */
export const PROMPT_FORMATS = ['plain', 'html'] as const;
export const promptFormat = z.enum(PROMPT_FORMATS);
export type PromptFormat = z.infer<typeof promptFormat>;

/** Kinds that take no answer and earn no points: a text between questions. */
export const isDescription = (kind: QuestionKind) => kind === 'description';

/**
 * Correct choices (indexes into `choices`), accepted short answers or accepted numbers. `weights`,
 * when given, is the fraction of the points each choice (or each accepted answer, in order) earns, as Moodle
 * scores it: from -1 to 1, a choice's 0.5 is half the points, -0.25 takes a quarter off. Without
 * weights a question scores all or nothing.
 */
export const answerKey = z.object({
  choices: z.array(z.number().int().min(0)).max(20).optional(),
  accepted: z.array(z.string().trim().min(1).max(500)).max(50).optional(),
  /** The accepted numbers of a numerical question: a value and how far from it still counts. */
  numbers: z
    .array(
      z.object({
        value: z.number({ error: 'exams.validation.number' }),
        tolerance: z
          .number({ error: 'exams.validation.number' })
          .min(0, { error: 'exams.validation.number' }),
      }),
    )
    .max(50)
    .optional(),
  weights: z
    .array(
      z
        .number({ error: 'exams.validation.weights' })
        .min(-1, { error: 'exams.validation.weights' })
        .max(1, { error: 'exams.validation.weights' }),
    )
    .max(50)
    .optional(),
  /** A short answer compared with its case (Moodle's `usecase`); by default case is ignored. */
  case_sensitive: z.boolean().optional(),
  /** A matching question's key: for each item (`choices`), the index of its answer in `options`. */
  pairs: z.array(z.number().int().min(0)).max(20).optional(),
  /**
   * Feedback per choice, accepted answer or number (in the same order; '' for none), shown to the
   * student with their marked attempt once the exam's answers are released, never before.
   */
  feedback: z.array(z.string().max(2000)).max(50).optional(),
  /** General feedback, shown whatever the answer, released with the rest. */
  general: z.string().max(5000).optional(),
});

/** A question with its answer key: staff only (`/api/evaluations/:id/questions`). */
export const questionBody = z.object({
  kind: questionKind,
  prompt: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(20_000, { error: 'manage.validation.tooLong' }),
  format: promptFormat.default('plain'),
  /** A short name for the bank and the editor (GIFT's `::title::`); the student never sees it. */
  title: z
    .string()
    .trim()
    .max(255, { error: 'manage.validation.tooLong' })
    .nullish()
    .transform((value) => value || null),
  /** The choices of a single or multiple choice, the items to match of a matching question. */
  choices: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
  /** A matching question's answers, distractors included, offered against each item. */
  options: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
  answer_key: answerKey.nullish().transform((value) => value ?? null),
  /** 0 only for a description, which takes no answer. */
  points: z
    .number({ error: 'exams.validation.points' })
    .min(0, { error: 'exams.validation.points' })
    .max(1000, { error: 'exams.validation.points' })
    .default(1),
});
export type QuestionBody = z.input<typeof questionBody>;

/** A random draw of an exam: `count` questions of its pool per attempt (decision 191). */
export const questionDraw = z.object({
  id: z.number().int(),
  category: z.string(),
  count: z.number().int(),
  points: z.number(),
  position: z.number().int(),
  /** How many questions the draw picks from. */
  pool: z.number().int(),
});
export type QuestionDraw = Wire<z.output<typeof questionDraw>>;

export const question = z.object({
  id: z.number().int(),
  evaluation_id: z.number().int(),
  kind: questionKind,
  prompt: z.string(),
  format: promptFormat,
  title: z.string().nullable(),
  choices: z.array(z.string()),
  options: z.array(z.string()),
  answer_key: answerKey.nullable(),
  points: z.number(),
  position: z.number().int(),
  /** The bank question it was copied from (null: written in the exam, or since removed). */
  bank_question_id: z.number().int().nullable(),
  /** The random draw whose pool it belongs to (null: every attempt gets it). */
  draw_id: z.number().int().nullable(),
});
export type Question = Wire<z.output<typeof question>>;
/**
 * `GET /api/evaluations/:id/questions`: the quiz in its order, with the answer key (staff); its
 * random draws, each in the order by its position, their pools' questions in `data`.
 */
export const questionList = z.object({ data: z.array(question), draws: z.array(questionDraw) });

/** The formats questions are imported from and exported to. */
export const QUESTION_FILE_FORMATS = ['gift', 'moodle_xml'] as const;
export const questionFileFormat = z.enum(QUESTION_FILE_FORMATS);
export type QuestionFileFormat = z.infer<typeof questionFileFormat>;

/**
 * `POST /api/evaluations/:id/questions/import/preview` and `…/import`: a GIFT or Moodle XML text.
 * The import takes the valid questions only when `skip_refused` says so (else any refused question
 * answers 422 and nothing is imported); a question the exam already has is never added twice.
 */
export const questionImportBody = z.object({
  text: z.string().max(500_000, { error: 'manage.validation.tooLong' }),
  format: questionFileFormat.default('gift'),
  skip_refused: z.boolean().default(false),
});
export type QuestionImportBody = z.input<typeof questionImportBody>;

/** One question of a file as it will be imported: as it will score, or why it is refused. */
export const questionImportItem = z.object({
  /** The line where the question starts in the file (1-based). */
  line: z.number().int(),
  /** The file's category the question stands in (GIFT `$CATEGORY:`), null before any. */
  category: z.string().nullable(),
  /** The question as it will be stored, key included (null when it cannot be read at all). */
  question: z
    .object({
      kind: questionKind,
      prompt: z.string(),
      format: promptFormat,
      title: z.string().nullable(),
      choices: z.array(z.string()),
      options: z.array(z.string()),
      answer_key: answerKey.nullable(),
      points: z.number(),
    })
    .nullable(),
  /** Why it is refused, in the teacher's language; empty when it will be imported. */
  problems: z.array(z.string()),
  /** The exam (or the file, earlier) already has this question: it will not be added again. */
  duplicate: z.boolean(),
});
export type QuestionImportItem = Wire<z.output<typeof questionImportItem>>;
export const questionImportPreview = z.object({ data: z.array(questionImportItem) });
export const questionImportAnswer = z.object({
  imported: z.number().int(),
  /** Questions left out because the exam already had them. */
  duplicates: z.number().int(),
  /** Questions left out because they are refused (only with `skip_refused`). */
  refused: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type QuestionImportAnswer = z.output<typeof questionImportAnswer>;

/**
 * A saved answer: choices (indexes into the question's original `choices`), text, or a matching
 * question's pairs (for each item in its original order, the original index of the chosen
 * answer among `options`, null while none is).
 */
export const answerValue = z.object({
  choices: z.array(z.number().int().min(0).max(19)).max(20).optional(),
  text: z.string().max(20_000).optional(),
  pairs: z.array(z.number().int().min(0).max(19).nullable()).max(20).optional(),
});

/**
 * A question as the student sees it during the attempt: no answer key, choices in this student's
 * order (each with its original index, which answers name).
 */
export const attemptQuestion = z.object({
  id: z.number().int(),
  kind: questionKind,
  prompt: z.string(),
  format: promptFormat,
  choices: z.array(z.object({ index: z.number().int(), label: z.string() })),
  /** A matching question's answers, always in an order of this attempt's own. */
  options: z.array(z.object({ index: z.number().int(), label: z.string() })),
  points: z.number(),
});

/**
 * A question of a marked attempt once the exam's answers are released (when nothing takes an
 * answer any more): the points the answer earned (null while a teacher has not graded it) and
 * the feedback its answer and the question carry.
 */
export const attemptReview = z.object({
  question_id: z.number().int(),
  points_awarded: z.number().nullable(),
  feedback: z.array(z.string()),
  general: z.string().nullable(),
});
export type AttemptReview = z.output<typeof attemptReview>;

/**
 * `POST /api/evaluations/:id/questions/try`: staff answer their own quiz as a student would, to
 * see how it scores; nothing is stored, nothing counts.
 */
export const quizTryBody = z.object({
  answers: z
    .array(z.object({ question_id: z.number().int().positive(), value: answerValue }))
    .max(200),
  /** The drawn questions the trial showed (decision 191): they count even unanswered. */
  question_ids: z.array(z.number().int().positive()).max(500).optional(),
});
export type QuizTryBody = z.input<typeof quizTryBody>;
export const quizTryAnswer = z.object({
  /** The points the answers earn (essays count nothing until graded), and the most they could. */
  score: z.number(),
  max_points: z.number(),
  review: z.array(attemptReview),
});
export type QuizTryAnswer = Wire<z.output<typeof quizTryAnswer>>;

/** `POST /api/evaluations/:id/attempts`, `GET /api/attempts/:id`, `POST /api/attempts/:id/finish`. */
export const attemptView = z.object({
  id: z.number().int(),
  evaluation_id: z.number().int(),
  title: z.string(),
  started_at: z.date(),
  deadline_at: z.date(),
  finished_at: z.date().nullable(),
  finished_by: z.enum(['student', 'timeout', 'teacher']).nullable(),
  /** The server's clock when it answered, and what remains of the attempt by it. */
  server_now: z.date(),
  remaining_seconds: z.number().int(),
  questions: z.array(attemptQuestion),
  answers: z.array(
    z.object({ question_id: z.number().int(), value: answerValue, typed_at: z.date().nullable() }),
  ),
  /** The marked questions with their feedback: null until the exam's answers are released. */
  review: z.array(attemptReview).nullable(),
});
export type AttemptView = Wire<z.output<typeof attemptView>>;

/**
 * `PUT /api/attempts/:id/answers`: answers as typed, each with when it was typed by the server's
 * clock as the browser estimates it (its own clock corrected by the measured skew). Queued writes
 * sent late keep their typing time: the server takes one only if it was typed before the deadline
 * it holds, and never replaces a newer saved value with an older one. 409 once the attempt is
 * closed.
 */
export const saveAnswersBody = z.object({
  answers: z
    .array(
      z.object({
        question_id: z.number().int().positive(),
        value: answerValue,
        typed_at: instantField(),
      }),
    )
    .min(1)
    .max(200),
});
export type SaveAnswersBody = z.input<typeof saveAnswersBody>;
export const saveAnswersAnswer = z.object({
  /** Answers now held as sent (or as a newer value already saved). */
  saved: z.number().int(),
  /** Questions whose answer was refused for its typing time (after the deadline, implausible). */
  ignored: z.array(z.number().int()),
  server_now: z.date(),
  deadline_at: z.date(),
  remaining_seconds: z.number().int(),
});

/** `GET /api/evaluations/:id/attempts`: each student of the exam with their attempt and extra time. */
export const attemptRosterRow = z.object({
  student: evaluationPersonRef,
  extra_minutes: z.number().int(),
  attempt: z
    .object({
      id: z.number().int(),
      started_at: z.date(),
      deadline_at: z.date(),
      finished_at: z.date().nullable(),
      finished_by: z.enum(['student', 'timeout', 'teacher']).nullable(),
      score: z.number().nullable(),
      answered: z.number().int(),
    })
    .nullable(),
});
export const attemptRoster = z.object({ data: z.array(attemptRosterRow) });
export type AttemptRosterRow = Wire<z.output<typeof attemptRosterRow>>;

/** `PUT /api/evaluations/:id/accommodations/:studentId`: extra time for one student. */
export const accommodationBody = z.object({
  extra_minutes: z
    .number({ error: 'exams.validation.extraMinutes' })
    .int({ error: 'exams.validation.extraMinutes' })
    .min(0, { error: 'exams.validation.extraMinutes' })
    .max(600, { error: 'exams.validation.extraMinutes' }),
});

/** What a question's figures say a teacher should look at (decision 189). */
export const ITEM_FLAGS = ['negative', 'weak', 'tooHard', 'tooEasy'] as const;

/**
 * `GET /api/evaluations/:id/statistics`: the quiz's item analysis on its closed attempts, as
 * Moodle's quiz statistics report computes it. Fractions from 0 to 1 (a discrimination index from
 * -1 to 1); null where there is too little to compute. A question whose essays are not all graded
 * is left out of the figures until they are (`awaiting`).
 */
export const quizStatistics = z.object({
  attempts: z.number().int(),
  max_points: z.number(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  sd: z.number().nullable(),
  alpha: z.number().nullable(),
  questions: z.array(
    z.object({
      question_id: z.number().int(),
      number: z.number().int(),
      title: z.string().nullable(),
      prompt: z.string(),
      format: promptFormat,
      kind: questionKind,
      points: z.number(),
      /** How many closed attempts were given it: fewer than all for a drawn one (decision 191). */
      given: z.number().int(),
      facility: z.number().nullable(),
      sd: z.number().nullable(),
      discrimination: z.number().nullable(),
      flags: z.array(z.enum(ITEM_FLAGS)),
      /** Closed attempts whose answer to this question still waits for its marks. */
      awaiting: z.number().int(),
      /** How often each choice (or typed answer, or right pair) was given, and whether it earns. */
      responses: z.array(
        z.object({ label: z.string(), count: z.number().int(), credit: z.boolean() }),
      ),
    }),
  ),
});
export type QuizStatistics = Wire<z.output<typeof quizStatistics>>;
