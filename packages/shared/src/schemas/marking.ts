import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { optionalText, requiredText } from './common-fields.ts';
import { submissionReceipt } from './evaluations.ts';
import { gradeEntry, resultLine } from './results.ts';

// Marking a project's hand-ins (issue 31): rubrics and marking guides, the sheet a marker fills
// for one student, and the marking screen's queue.

/** Points of a level or a criterion: 0 to 1000, two decimals at most. */
const points = z
  .number({ error: 'marking.validation.points' })
  .min(0, { error: 'marking.validation.points' })
  .max(1000, { error: 'marking.validation.points' })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: 'marking.validation.points',
  });

/**
 * An id the browser gives a criterion or a level (the server fills the missing ones): a letter,
 * then letters, digits, `-` or `_`.
 */
const partId = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, { error: 'marking.validation.id' });

export const rubricLevel = z.object({
  id: partId.optional(),
  title: requiredText(200),
  description: optionalText(1000),
  points,
});

/**
 * A criterion: in a rubric, its levels (2 to 10, each worth its points; the marker picks one); in
 * a marking guide, its maximum (the marker gives 0 to it and a comment).
 */
export const rubricCriterion = z.object({
  id: partId.optional(),
  title: requiredText(200),
  description: optionalText(2000),
  max_points: points.nullable().optional(),
  levels: z.array(rubricLevel).max(10, { error: 'marking.validation.levels' }).default([]),
});

export const RUBRIC_KINDS = ['rubric', 'guide'] as const;
export type RubricKind = (typeof RUBRIC_KINDS)[number];

/**
 * `PUT /api/evaluations/:id/rubric`, `POST /api/subjects/:id/rubrics`: a rubric (criteria with
 * levels) or a marking guide (criteria with a maximum), 1 to 50 criteria.
 */
export const rubricBody = z
  .object({
    kind: z.enum(RUBRIC_KINDS),
    title: requiredText(200),
    criteria: z
      .array(rubricCriterion)
      .min(1, { error: 'marking.validation.criteria' })
      .max(50, { error: 'marking.validation.criteria' }),
  })
  .superRefine((body, check) => {
    body.criteria.forEach((criterion, index) => {
      if (body.kind === 'rubric' && criterion.levels.length < 2)
        check.addIssue({
          code: 'custom',
          path: ['criteria', index, 'levels'],
          message: 'marking.validation.levels',
        });
      if (body.kind === 'guide' && !(criterion.max_points && criterion.max_points > 0))
        check.addIssue({
          code: 'custom',
          path: ['criteria', index, 'max_points'],
          message: 'marking.validation.maxPoints',
        });
    });
  });
export type RubricBody = z.input<typeof rubricBody>;

const storedLevel = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  points: z.number(),
});
const storedCriterion = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** A guide's maximum; a rubric's is its best level. */
  max_points: z.number(),
  levels: z.array(storedLevel),
});
export type RubricCriterion = z.output<typeof storedCriterion>;

/** A rubric or guide as stored: every part has its id, every criterion its maximum. */
export const rubric = z.object({
  id: z.number().int(),
  kind: z.enum(RUBRIC_KINDS),
  title: z.string(),
  criteria: z.array(storedCriterion),
  /** The sum of the criteria's maxima: the points that give the full scale. */
  max_points: z.number(),
  /** Grows at every change; a sheet says which version it was filled against. */
  version: z.number().int(),
  updated_at: z.date(),
});
export type Rubric = Wire<z.output<typeof rubric>>;

/** `GET /api/subjects/:id/rubrics`: a subject's library, to start an evaluation's rubric from. */
export const rubricLibrary = z.object({ data: z.array(rubric) });

/** A marker's score on one criterion: a level of a rubric, or points of a guide; a comment. */
export const criterionScore = z.object({
  criterion_id: z.string().max(40),
  level_id: z.string().max(40).nullable().optional(),
  points: points.nullable().optional(),
  comment: optionalText(2000),
});
export type CriterionScore = z.input<typeof criterionScore>;

/**
 * `PUT /api/evaluations/:id/marking/:studentId`: the sheet, and the grade written through the
 * grid's path. Without `grade` the rubric's grade is written once every criterion is scored (a
 * partial sheet is a draft and leaves the grade); a `grade` that differs from it needs a `reason`,
 * kept in the grade's history. `version` is the result's, as the grid sends it (409 if it moved).
 */
export const markingBody = z.object({
  scores: z.array(criterionScore).max(50).default([]),
  grade: gradeEntry.shape.grade,
  reason: optionalText(500),
  comment: z.string().trim().max(2000).nullable().optional(),
  version: z.number().int().min(0),
});
export type MarkingBody = z.input<typeof markingBody>;

/**
 * `PUT /api/evaluations/:id/marking/:studentId/agreement`: at a project marked twice, the grade
 * the markers agreed on once both proposals are in, and the comment the student reads; written
 * through the grid's path (`version` as the grid's).
 */
export const agreementBody = z.object({
  grade: gradeEntry.shape.grade.unwrap().unwrap(),
  comment: z.string().trim().max(2000).nullable().optional(),
  version: z.number().int().min(0),
});
export type AgreementBody = z.input<typeof agreementBody>;

/** A filled sheet: the criteria it was filled against, the scores, and the grade they give. */
export const markingSheet = z.object({
  kind: z.enum(RUBRIC_KINDS),
  title: z.string(),
  criteria: z.array(storedCriterion),
  scores: z.array(
    z.object({
      criterion_id: z.string(),
      level_id: z.string().nullable(),
      points: z.number().nullable(),
      comment: z.string().nullable(),
    }),
  ),
  points: z.number(),
  max_points: z.number(),
  /** The grade the criteria give on the evaluation's scale, once every criterion is scored. */
  computed: z.number().nullable(),
  /**
   * The late penalty (decision 195): the days, or parts of one, the hand-in came late, and the
   * points taken off `computed` for them (0 without a rule or on time).
   */
  late_days: z.number().int(),
  penalty: z.number(),
  rubric_version: z.number().int(),
  updated_at: z.date(),
});
export type MarkingSheet = Wire<z.output<typeof markingSheet>>;

/**
 * Where a student's marking stands: nothing yet, begun (a sheet, or one marker's proposal at a
 * project marked twice), both proposals in and waiting for the agreed grade (decision 197),
 * graded, published.
 */
export const MARKING_STATES = [
  'not_marked',
  'in_marking',
  'ready_for_agreement',
  'marked',
  'released',
] as const;
export type MarkingState = (typeof MARKING_STATES)[number];

/** One student of the marking queue. */
export const markingEntry = z.object({
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  group_ids: z.array(z.number().int()),
  latest: submissionReceipt.nullable(),
  versions: z.number().int(),
  /** Their deadline: the project's, or their own (decision 192). */
  deadline: z.date().nullable(),
  result: resultLine.nullable(),
  /** The reader's own sheet (at a project marked twice, the one of their round). */
  sheet: markingSheet.nullable(),
  state: z.enum(MARKING_STATES),
  /**
   * At a project marked twice (decision 197), each marker's proposal: the reader's own always,
   * the other's grade and comment only once both are in (`hidden` before).
   */
  proposals: z.array(
    z.object({
      round: z.number().int(),
      marker_name: z.string().nullable(),
      mine: z.boolean(),
      hidden: z.boolean(),
      grade: z.number().nullable(),
      comment: z.string().nullable(),
    }),
  ),
});
export type MarkingEntry = Wire<z.output<typeof markingEntry>>;

/** `GET /api/evaluations/:id/marking`: the marking screen of a project (its markers). */
export const markingQueue = z.object({
  /** Blind marking (decision 196): students are participant numbers, files neutrally named. */
  blind: z.boolean(),
  evaluation: z.object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(['exam', 'project']),
    scale: z.number(),
    deadline: z.date().nullable(),
    /** The cut-off for late hand-ins, and the penalty per day late in % of the scale. */
    late_until: z.date().nullable(),
    late_penalty: z.number().nullable(),
    /** Marked twice, the grade agreed between the two markers (decision 197). */
    second_marking: z.boolean(),
    time_zone: z.string(),
    subject: z.object({ id: z.number().int(), name: z.string() }),
  }),
  rubric: rubric.nullable(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  students: z.array(markingEntry),
});
export type MarkingQueue = Wire<z.output<typeof markingQueue>>;

/**
 * `GET /api/evaluations/:id/feedback`: what a student reads of their marking once their grade is
 * published: the grade, the comment and the filled rubric.
 */
export const markingFeedback = z.object({
  grade: z.number().nullable(),
  absent: z.boolean(),
  scale: z.number(),
  comment: z.string().nullable(),
  published_at: z.date(),
  sheet: markingSheet.nullable(),
});
export type MarkingFeedback = Wire<z.output<typeof markingFeedback>>;

/** A fraction of a page's width or height. */
const fraction = z.number().min(0).max(1);

export const ANNOTATION_KINDS = ['highlight', 'comment', 'drawing'] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

/** The marker's palette: yellow, red, green, blue. */
export const ANNOTATION_COLORS = ['#f5c518', '#d93025', '#188038', '#1a73e8'] as const;

const rect = z.object({ x: fraction, y: fraction, width: fraction, height: fraction });
const point = z.object({ x: fraction, y: fraction });
const stroke = z.object({
  points: z
    .array(z.tuple([fraction, fraction]))
    .min(2)
    .max(2000),
});

/**
 * `POST /api/submissions/:id/annotations`: a highlight (a rectangle), a comment (a point and its
 * text) or a drawing (a stroke) on one page of a PDF hand-in, in fractions of the page (0..1 from
 * its top left corner).
 */
export const annotationBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('highlight'),
    page: z.number().int().min(1).max(10_000),
    geometry: rect,
    text: optionalText(2000),
    color: z.enum(ANNOTATION_COLORS).default('#f5c518'),
  }),
  z.object({
    kind: z.literal('comment'),
    page: z.number().int().min(1).max(10_000),
    geometry: point,
    text: requiredText(2000),
    color: z.enum(ANNOTATION_COLORS).default('#1a73e8'),
  }),
  z.object({
    kind: z.literal('drawing'),
    page: z.number().int().min(1).max(10_000),
    geometry: stroke,
    text: optionalText(2000),
    color: z.enum(ANNOTATION_COLORS).default('#d93025'),
  }),
]);
export type AnnotationBody = z.input<typeof annotationBody>;

/** `PATCH /api/annotations/:id`: its text (a comment keeps one). */
export const annotationPatch = z.object({ text: optionalText(2000) });

export const annotation = z.object({
  id: z.number().int(),
  submission_id: z.number().int(),
  page: z.number().int(),
  kind: z.enum(ANNOTATION_KINDS),
  geometry: z.union([rect, point, stroke]),
  text: z.string().nullable(),
  color: z.string(),
  author_name: z.string().nullable(),
  created_at: z.date(),
});
export type Annotation = Wire<z.output<typeof annotation>>;
export const annotationList = z.object({ data: z.array(annotation) });
