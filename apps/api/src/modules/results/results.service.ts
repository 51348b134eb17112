import type {
  GradeEntry,
  MarkAnswersBody,
  OpenAnswer,
  ResultPatchBody,
  SaveResultsBody,
} from '@skolar/shared';
import { roleMay } from '@skolar/shared';
import { record } from '../../audit/audit.ts';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  conflict,
  type FieldErrors,
  HttpError,
  notFound,
  validationFailed,
} from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { notify } from '../../notify/notify.ts';
import { identityMask, inMarkingOrder, isBlind, resolveStudents } from '../evaluations/blind.ts';
import { revealIdentities } from '../evaluations/evaluations.queries.ts';
import { applyGrades } from './grades.ts';
import {
  attemptInScope,
  evaluationIdInScope,
  evaluationIdsInScope,
  type GradedEvaluationRow,
  gradedEvaluation,
  gridRows,
  historyOf,
  listResults,
  longAnswers,
  namingStudents,
  publishLines,
  type ResultRow,
  rescoreAttempt,
  resultById,
  setAnswerPoints,
} from './results.queries.ts';

/** Two decimals, as grades are stored. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The evaluation whose grid the actor marks (`can(actor, 'update', 'evaluation')`: its drafts, its
 * writes and its publication, decisions 52 and 175); 404 outside that scope, another
 * institution's included, and for a colleague who only sees the evaluation.
 */
export async function evaluationFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
): Promise<GradedEvaluationRow> {
  const row = await gradedEvaluation(db, id, can(actor, 'update', 'evaluation').where);
  if (!row) throw notFound();
  return row;
}

type GridLine = Awaited<ReturnType<typeof gridRows>>[number];
type LongAnswer = Awaited<ReturnType<typeof longAnswers>>[number];

/**
 * The grade a quiz's score suggests (decision 56): the score over the quiz's points, on the
 * evaluation's scale, two decimals, capped at the scale; none without a score or without points.
 */
export function suggestionOf(
  evaluation: Pick<GradedEvaluationRow, 'scale' | 'max_points'>,
  score: number | null,
): number | null {
  return score === null || evaluation.max_points <= 0
    ? null
    : round2(Math.min(evaluation.scale, (score / evaluation.max_points) * evaluation.scale));
}

/**
 * What the quiz suggests: the attempt's points over the quiz's points, on the evaluation's
 * scale, once the attempt is closed (decision 56); long answers without points count 0 until
 * marked and are listed to mark.
 */
function prefillOf(
  evaluation: GradedEvaluationRow,
  line: Pick<GridLine, 'attempt_id' | 'finished_at' | 'score'>,
  open: LongAnswer[],
) {
  if (!evaluation.has_quiz || line.attempt_id === null) return null;
  const finished = line.finished_at !== null;
  const score = finished ? (line.score ?? 0) : null;
  const grade = suggestionOf(evaluation, score);
  const open_answers: OpenAnswer[] = open.map((answer) => ({
    question_id: answer.question_id,
    prompt: answer.prompt,
    text: answer.text,
    max_points: answer.max_points,
    points: answer.points,
  }));
  return {
    attempt_id: line.attempt_id,
    finished,
    score,
    max_points: evaluation.max_points,
    grade,
    to_mark: finished ? open_answers.filter((answer) => answer.points === null).length : 0,
    open_answers,
  };
}

/**
 * The grade grid: the evaluation, the groups of its promotion, and one line per student of the
 * promotion (or of one group), by last name, with their result and the quiz's suggestion. Three
 * queries whatever the number of students (evaluation with groups and counts; lines; answers).
 */
export async function grid(
  ctx: AppContext,
  actor: Actor,
  id: number,
  groupId: number | null,
  db: DbOrTx = ctx.db,
  /** `raw`: the students as themselves, for a service that masks its own answer (marking). */
  shown: 'masked' | 'raw' = 'masked',
) {
  const evaluation = await evaluationFor(db, actor, id);
  // A blind marker gets no groups: a small one would name its students (decision 196).
  const groups = isBlind(evaluation) && shown === 'masked' ? [] : evaluation.groups;
  if (groupId !== null && !groups.some((group) => group.id === groupId))
    throw validationFailed({ group_id: ['results.group_outside'] });
  const [lines, open] = await Promise.all([
    gridRows(db, evaluation.id, evaluation.promotion.id, groupId),
    evaluation.has_quiz ? longAnswers(db, evaluation.id) : Promise.resolve([]),
  ]);
  const openByAttempt = new Map<number, LongAnswer[]>();
  for (const answer of open) {
    const list = openByAttempt.get(answer.attempt_id) ?? [];
    list.push(answer);
    openByAttempt.set(answer.attempt_id, list);
  }
  const graded = evaluation.graded + evaluation.absent;
  // A blind-marked project shows participant numbers, not names (decision 196).
  const mask =
    shown === 'raw'
      ? null
      : await identityMask(
          db,
          evaluation,
          lines.map((line) => line.student.id),
        );
  const rows = lines.map((line) => ({
    student: mask ? mask.person(line.student) : line.student,
    result:
      line.result_id === null
        ? null
        : {
            id: line.result_id,
            grade: line.grade,
            absent: line.absent ?? false,
            comment: line.comment,
            version: line.version ?? 1,
            published_at: line.published_at,
            updated_at: line.updated_at!,
            changed_by_name: line.changed_by_name,
          },
    quiz: prefillOf(
      evaluation,
      line,
      line.attempt_id === null ? [] : (openByAttempt.get(line.attempt_id) ?? []),
    ),
  }));
  return {
    blind: isBlind(evaluation),
    evaluation: {
      id: evaluation.id,
      title: evaluation.title,
      type: evaluation.type,
      scale: evaluation.scale,
      percentage: evaluation.percentage,
      has_quiz: evaluation.has_quiz,
      deadline: evaluation.deadline,
      late_until: evaluation.late_until,
      late_penalty: evaluation.late_penalty,
      subject: evaluation.subject,
      training: evaluation.training,
      promotion: evaluation.promotion,
      time_zone: evaluation.time_zone,
      counts: {
        students: evaluation.students,
        graded: evaluation.graded,
        absent: evaluation.absent,
        published: evaluation.published,
        unpublished: Math.max(0, graded - evaluation.published),
      },
    },
    groups: groups.map((group) => ({ id: Number(group.id), name: group.name })),
    group_id: groupId,
    rows: mask ? inMarkingOrder(mask, rows) : rows,
  };
}

/** Saves a batch of the grid through `applyGrades`, in one transaction; answers the new grid. */
export async function save(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: SaveResultsBody,
  groupId: number | null,
) {
  const evaluation = await evaluationFor(ctx.db, actor, id);
  const students = await resolveStudents(
    ctx.db,
    evaluation,
    body.results.map((entry) => entry.student_id),
  );
  const entries = body.results.map((entry) => ({
    ...entry,
    student_id: students.get(entry.student_id)!,
  }));
  await ctx.db.transaction((tx) => applyGrades(tx, actor, evaluation, entries, ctx.clock.now()));
  return grid(ctx, actor, id, groupId);
}

/**
 * Marks the long answers of a closed attempt (0..the question's points) and recomputes the
 * attempt's score, so the grid's suggestion follows. Staff who may grade the evaluation.
 */
export async function mark(
  ctx: AppContext,
  actor: Actor,
  attemptId: number,
  body: MarkAnswersBody,
) {
  const attempt = await attemptInScope(ctx.db, attemptId, can(actor, 'list', 'attempt').where);
  if (!attempt) throw notFound();
  const evaluation = await evaluationFor(ctx.db, actor, attempt.evaluation_id);
  if (attempt.finished_at === null) throw conflict('results.attempt_open');
  return ctx.db.transaction(async (tx) => {
    const open = await longAnswers(tx, evaluation.id, attempt.id);
    const byQuestion = new Map(open.map((answer) => [answer.question_id, answer]));
    const errors: FieldErrors = {};
    body.marks.forEach((entry, index) => {
      const answer = byQuestion.get(entry.question_id);
      if (!answer) errors[`marks.${index}.question_id`] = ['results.not_open_answer'];
      else if (
        entry.points > answer.max_points ||
        Math.round(entry.points * 100) !== entry.points * 100
      )
        errors[`marks.${index}.points`] = ['results.points_range'];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const now = ctx.clock.now();
    for (const entry of body.marks) {
      await setAnswerPoints(tx, attempt.id, entry.question_id, entry.points, now);
    }
    await rescoreAttempt(tx, attempt.id, now);
    const [line] = await gridRows(tx, evaluation.id, evaluation.promotion.id, null, [
      attempt.student_id,
    ]);
    const marked = await longAnswers(tx, evaluation.id, attempt.id);
    return prefillOf(
      evaluation,
      line ?? { attempt_id: attempt.id, finished_at: attempt.finished_at, score: 0 },
      marked,
    )!;
  });
}

/**
 * Publishes the graded and absent lines not published yet (of the given students, or all), and
 * queues in the same transaction one mail per newly published student whose notifications are
 * on, in their language (decisions 55, 57). A second publish finds nothing to publish.
 */
export async function publish(
  ctx: AppContext,
  actor: Actor,
  id: number,
  studentIds: readonly number[] | undefined,
) {
  const evaluation = await evaluationFor(ctx.db, actor, id);
  // At a blind-marked project the students are named by their participant numbers.
  const chosen =
    studentIds === undefined
      ? undefined
      : [...(await resolveStudents(ctx.db, evaluation, studentIds)).values()];
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const published = await publishLines(tx, evaluation.id, now, chosen);
    if (published.length === 0) return { published: 0, mailed: 0 };
    // A published grade is read by its student's name: publishing reveals a blind project's
    // students to its markers (decision 196).
    await reveal(ctx, tx, actor, evaluation, now);
    const { mailed } = await notify(
      ctx,
      tx,
      published.map((row) => row.student_id),
      {
        type: 'grade_published',
        params: { evaluation: evaluation.title, subject: evaluation.subject.name },
        link: '/results',
        key: `evaluation:${evaluation.id}`,
        mail: {
          template: 'results-published',
          payload: () => ({
            evaluation_title: evaluation.title,
            subject_name: evaluation.subject.name,
          }),
        },
      },
    );
    return { published: published.length, mailed };
  });
}

/** Reveals a blind-marked project's students to its markers, audited; nothing when not blind. */
async function reveal(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  evaluation: GradedEvaluationRow,
  now: Date,
) {
  if (!isBlind(evaluation) || !(await revealIdentities(tx, evaluation.id, now))) return;
  await record(tx, ctx, actor, {
    action: 'evaluation.reveal',
    entity: 'evaluation',
    entityId: evaluation.id,
    institutionId: evaluation.institution_id,
    after: { identities_revealed_at: now },
  });
}

/**
 * A marker reveals a blind-marked project's students before publishing (decision 196): once,
 * for good; the marking screen shows names from then on. Answers the grid.
 */
export async function revealStudents(ctx: AppContext, actor: Actor, id: number) {
  const evaluation = await evaluationFor(ctx.db, actor, id);
  await ctx.db.transaction((tx) => reveal(ctx, tx, actor, evaluation, ctx.clock.now()));
  return grid(ctx, actor, id, null);
}

/** Whether the actor may change the results of this evaluation (the grading staff). */
async function mayGrade(db: DbOrTx, actor: Actor, evaluationId: number): Promise<boolean> {
  if (!roleMay(actor.role, 'update', 'result')) return false;
  const row = await evaluationIdInScope(db, evaluationId, can(actor, 'update', 'evaluation').where);
  return row !== undefined;
}

function presentResult(row: NonNullable<ResultRow>, grading: boolean, actor: Actor) {
  const { evaluation_id: _e, training_id: _t, ...rest } = row;
  return {
    ...rest,
    permissions: {
      update: grading,
      delete: grading,
      history: roleMay(actor.role, 'list', 'grade_change'),
    },
  };
}

/**
 * The results the actor reads by id, which name their student: never a line of a blind-marked
 * project before its students are revealed (decision 196; its marking screen shows it by number).
 */
const shownResults = (actor: Actor) => namingStudents(can(actor, 'read', 'result').where);

/** One result: the student's own once published, the staff's in their scope; 404 otherwise. */
export async function read(ctx: AppContext, actor: Actor, id: number, db: DbOrTx = ctx.db) {
  const row = await resultById(db, id, shownResults(actor));
  if (!row) throw notFound();
  return presentResult(row, await mayGrade(db, actor, row.evaluation_id), actor);
}

/** Results in the actor's scope (a student: their own published ones), paginated. */
export async function list(
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
  filters: { evaluation_id?: number; student_id?: number },
) {
  const { rows, total } = await listResults(
    ctx.db,
    namingStudents(can(actor, 'list', 'result').where),
    filters,
    query,
  );
  const evaluationIds = [...new Set(rows.map((row) => row.evaluation_id))];
  const grading = new Set<number>();
  if (evaluationIds.length > 0 && roleMay(actor.role, 'update', 'result')) {
    const allowed = await evaluationIdsInScope(
      ctx.db,
      evaluationIds,
      can(actor, 'update', 'evaluation').where,
    );
    for (const row of allowed) grading.add(row.id);
  }
  return pageOf(
    query,
    rows.map((row) => presentResult(row, grading.has(row.evaluation_id), actor)),
    total,
  );
}

/** One line changed through `applyGrades` (the only write path of grades). */
async function writeLine(
  ctx: AppContext,
  actor: Actor,
  id: number,
  entry: (row: NonNullable<ResultRow>) => GradeEntry,
) {
  const row = await resultById(ctx.db, id, shownResults(actor));
  if (!row) throw notFound();
  const evaluation = await evaluationFor(ctx.db, actor, row.evaluation_id);
  await ctx.db.transaction(async (tx) => {
    try {
      await applyGrades(tx, actor, evaluation, [entry(row)], ctx.clock.now());
    } catch (error) {
      throw lineErrors(error);
    }
  });
  return read(ctx, actor, id);
}

/** `results.0.<field>` of a one-line batch becomes `<field>`, as a form shows it. */
function lineErrors(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.errors) return error;
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(error.errors))
    errors[key.replace(/^results\.0\./, '')] = value;
  return new HttpError(
    error.statusCode,
    error.key,
    errors,
    error.params,
    error.headers,
    error.details,
  );
}

export function update(ctx: AppContext, actor: Actor, id: number, body: ResultPatchBody) {
  return writeLine(ctx, actor, id, (row) => ({ student_id: row.student.id, ...body }));
}

/** Clears the line back to pending (decision 53): the row and its history stay. */
export async function clear(ctx: AppContext, actor: Actor, id: number) {
  await writeLine(ctx, actor, id, (row) => ({
    student_id: row.student.id,
    grade: null,
    absent: false,
    comment: null,
    version: row.version,
  }));
}

/**
 * The history of a result, drafts included, newest first: for those who mark its evaluation
 * (decision 175); 404 for anyone else, a colleague who reads the published grade included.
 */
export async function history(ctx: AppContext, actor: Actor, id: number) {
  const row = await resultById(ctx.db, id, can(actor, 'update', 'result').where);
  if (!row) throw notFound();
  return { data: await historyOf(ctx.db, id, can(actor, 'list', 'grade_change').where) };
}
