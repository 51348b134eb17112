import { type QuestionBody, questionBody } from '@skolar/shared';
import { deleteEvent, record } from '../../audit/audit.ts';
import { can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, type FieldErrors, notFound, validationFailed } from '../../http/errors.ts';
import { isMessageKey, type Locale, translate } from '../../i18n/messages.ts';
import {
  deleteQuestion,
  examIn,
  hasAttempts,
  insertQuestions,
  lastQuestionPosition,
  markHasQuiz,
  type Question,
  questionById,
  questionsOf,
  updateQuestion,
} from './exams.queries.ts';
import { parseGift } from './gift.ts';

type Body = ReturnType<typeof questionBody.parse>;

/** Two fractions equal to Moodle's precision (its grades keep seven decimals). */
const FULL = (weight: number) => Math.abs(weight - 1) < 1e-6;

/**
 * What a weighted key must be (Moodle's rules for partial credit): one weight per choice or
 * accepted answer; a single choice or a short answer has one full-credit option (100%), a
 * multiple choice positive weights that add up to 100% (within half a percent, for thirds written
 * 33.33%); a short or numerical answer's weights are not negative.
 */
function weightProblem(body: Body, weights: readonly number[]): string | null {
  const key = body.answer_key ?? {};
  const options =
    body.kind === 'short'
      ? (key.accepted ?? [])
      : body.kind === 'numerical'
        ? (key.numbers ?? [])
        : body.choices;
  if (weights.length !== options.length) return 'exams.validation.weights';
  const typed = body.kind === 'short' || body.kind === 'numerical';
  if (typed && weights.some((weight) => weight < 0)) {
    return 'exams.validation.weights';
  }
  if (body.kind === 'multiple') {
    const positive = weights.filter((weight) => weight > 0).reduce((sum, w) => sum + w, 0);
    return Math.abs(positive - 1) <= 0.005 ? null : 'exams.validation.weightsSum';
  }
  return weights.some(FULL) ? null : 'exams.validation.fullCredit';
}

/** The right choices of a weighted key: full credit for a single choice, any credit for many. */
const rightOf = (kind: Body['kind'], weights: readonly number[]) =>
  weights.flatMap((weight, index) =>
    (kind === 'single' ? FULL(weight) : weight > 0) ? [index] : [],
  );

/**
 * What a question's choices and answer key must be for its kind: a single choice has at least two
 * choices and exactly one right one, a multiple choice at least two and one or more right ones
 * (indexes within the choices); a short answer has accepted answers and no choices, a numerical
 * one accepted numbers; a long answer neither (a teacher grades it). A key with weights names its right choices by them (rightOf).
 */
function questionProblems(body: Body): FieldErrors {
  const errors: FieldErrors = {};
  const key = body.answer_key ?? {};
  const weights = body.kind === 'long' ? undefined : key.weights;
  const typed = body.kind === 'short' || body.kind === 'numerical';
  const right = weights && !typed ? rightOf(body.kind, weights) : (key.choices ?? []);
  if (body.kind === 'single' || body.kind === 'multiple') {
    if (body.choices.length < 2) errors.choices = ['exams.validation.choices'];
    if (
      right.some((index) => index >= body.choices.length) ||
      new Set(right).size !== right.length
    ) {
      errors.answer_key = ['exams.validation.keyRange'];
    } else if (body.kind === 'single' && right.length !== 1 && !weights) {
      errors.answer_key = ['exams.validation.singleKey'];
    } else if (body.kind === 'multiple' && right.length === 0) {
      errors.answer_key = ['exams.validation.multipleKey'];
    }
  } else {
    if (body.choices.length > 0) errors.choices = ['exams.validation.noChoices'];
    if (body.kind === 'short' && (key.accepted ?? []).length === 0) {
      errors.answer_key = ['exams.validation.shortKey'];
    }
    if (body.kind === 'numerical' && (key.numbers ?? []).length === 0) {
      errors.answer_key = ['exams.validation.numericalKey'];
    }
  }
  const weighted = weights && !errors.answer_key && !errors.choices && weightProblem(body, weights);
  if (weighted) errors.answer_key = [weighted];
  return errors;
}

/** The row to store: only the parts of the key that the kind uses. */
function stored(body: Body) {
  const key = body.answer_key ?? {};
  const weights = key.weights && { weights: key.weights };
  const answer_key =
    body.kind === 'long'
      ? null
      : body.kind === 'short'
        ? { accepted: key.accepted ?? [], ...weights }
        : body.kind === 'numerical'
          ? { numbers: key.numbers ?? [], ...weights }
          : weights
            ? { choices: rightOf(body.kind, weights.weights), ...weights }
            : { choices: [...(key.choices ?? [])].sort((a, b) => a - b) };
  return {
    kind: body.kind,
    prompt: body.prompt,
    choices: body.choices,
    answer_key,
    points: body.points,
  };
}

function check(body: Body): void {
  const errors = questionProblems(body);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * The exams whose quiz the actor sees and writes, answer key included: those they mark
 * (`can(…, 'update', 'evaluation')`, decision 175), not every exam they may read.
 */
const markedExams = (actor: Actor) => can(actor, 'update', 'evaluation').where;

/** An exam the actor marks whose quiz may still change (409 once a student has started). */
async function editableExam(db: DbOrTx, actor: Actor, evaluationId: number) {
  const exam = await examIn(db, markedExams(actor), evaluationId);
  if (!exam) throw notFound();
  if (exam.type !== 'exam') throw validationFailed({ _: ['exams.validation.examOnly'] });
  if (await hasAttempts(db, exam.id)) throw conflict('exams.conflict.started');
  return exam;
}

const present = (row: Question) => ({
  id: row.id,
  evaluation_id: row.evaluation_id,
  kind: row.kind,
  prompt: row.prompt,
  choices: row.choices,
  answer_key: row.answer_key,
  points: row.points,
  position: row.position,
});

/** The quiz with its answer key, in order (staff of the evaluation). */
export async function list(ctx: AppContext, actor: Actor, evaluationId: number) {
  const exam = await examIn(ctx.db, markedExams(actor), evaluationId);
  if (!exam) throw notFound();
  return { data: (await questionsOf(ctx.db, exam.id)).map(present) };
}

/** Appends questions after the last one and marks the evaluation as carrying a quiz. */
async function append(tx: DbOrTx, evaluationId: number, bodies: Body[]) {
  const last = await lastQuestionPosition(tx, evaluationId);
  const rows = await insertQuestions(
    tx,
    bodies.map((body, index) => ({
      ...stored(body),
      evaluation_id: evaluationId,
      position: last + index + 1,
    })),
  );
  await markHasQuiz(tx, evaluationId);
  return rows;
}

export async function create(ctx: AppContext, actor: Actor, evaluationId: number, body: Body) {
  check(body);
  return ctx.db.transaction(async (tx) => {
    const exam = await editableExam(tx, actor, evaluationId);
    const [row] = await append(tx, exam.id, [body]);
    return present(row!);
  });
}

/** Applies the given fields over the stored question; the result must still fit its kind. */
export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: Partial<QuestionBody>,
) {
  await requireAccess(ctx.db, actor, 'update', 'question', id);
  return ctx.db.transaction(async (tx) => {
    const current = await questionById(tx, id);
    await editableExam(tx, actor, current!.evaluation_id);
    const merged = questionBody.parse({
      kind: patch.kind ?? current!.kind,
      prompt: patch.prompt ?? current!.prompt,
      choices: patch.choices ?? current!.choices,
      answer_key: patch.answer_key === undefined ? current!.answer_key : patch.answer_key,
      points: patch.points ?? current!.points,
    });
    check(merged);
    const row = await updateQuestion(tx, id, { ...stored(merged), updated_at: ctx.clock.now() });
    return present(row);
  });
}

export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'question', id);
  await ctx.db.transaction(async (tx) => {
    const current = await questionById(tx, id);
    await editableExam(tx, actor, current!.evaluation_id);
    await deleteQuestion(tx, id);
    await record(tx, ctx, actor, deleteEvent('question', id));
  });
}

const messageOf = (locale: Locale, key: string) =>
  isMessageKey(key) ? translate(locale, key) : key;

/**
 * GIFT text to questions appended to the quiz, all or nothing: any faulty question and nothing is
 * imported, each fault reported at the line where its question starts (decision 46). True/false
 * choices are named in the importing teacher's language.
 */
export async function importGift(
  ctx: AppContext,
  actor: Actor,
  evaluationId: number,
  text: string,
  locale: Locale,
) {
  const labels = {
    true: translate(locale, 'exams.gift.true'),
    false: translate(locale, 'exams.gift.false'),
  };
  const parsed = parseGift(text, labels);
  return ctx.db.transaction(async (tx) => {
    const exam = await editableExam(tx, actor, evaluationId);
    if (!parsed.ok) {
      return {
        imported: 0,
        errors: parsed.errors.map(({ line, message }) => ({
          line,
          message: translate(locale, message),
        })),
      };
    }
    const errors = parsed.questions.flatMap((item) => {
      const result = questionBody.safeParse(item);
      const problems = result.success
        ? Object.values(questionProblems(result.data)).flat()
        : result.error.issues.map((issue) => issue.message);
      return problems.map((key) => ({ line: item.line, message: messageOf(locale, key) }));
    });
    if (errors.length > 0) return { imported: 0, errors };
    const rows = await append(
      tx,
      exam.id,
      parsed.questions.map((item) => questionBody.parse(item)),
    );
    return { imported: rows.length, errors: [] };
  });
}
