import { isDeepStrictEqual } from 'node:util';
import {
  type QuestionBody,
  type QuestionFileFormat,
  type QuestionImportBody,
  type QuizOrderBody,
  type QuizTryBody,
  questionBody,
} from '@skolar/shared';
import { deleteEvent, record } from '../../audit/audit.ts';
import { can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, type FieldErrors, notFound, validationFailed } from '../../http/errors.ts';
import { isMessageKey, type Locale, translate } from '../../i18n/messages.ts';
import { maxPointsOf } from './draws.ts';
import {
  deleteQuestion,
  drawsOf,
  examIn,
  hasAttempts,
  insertQuestions,
  lastItemPosition,
  markHasQuiz,
  type Question,
  questionById,
  questionsOf,
  setItemPositions,
  updateQuestion,
} from './exams.queries.ts';
import { readGift } from './gift.ts';
import { type ExportedSection, writeGift } from './gift-export.ts';
import { readMoodleXml } from './moodle-xml.ts';
import { writeMoodleXml } from './moodle-xml-export.ts';
import { cleanHtml } from './prompt.ts';
import type { ReadQuestion } from './question-file.ts';
import { examScore, feedbackFor, fits, pointsFor } from './scoring.ts';

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

/** How many feedback texts a question's key may hold: one per choice, accepted answer or number. */
function feedbackSlots(body: Body): number {
  const key = body.answer_key ?? {};
  if (body.kind === 'single' || body.kind === 'multiple') return body.choices.length;
  if (body.kind === 'short') return (key.accepted ?? []).length;
  if (body.kind === 'numerical') return (key.numbers ?? []).length;
  return 0;
}

/** A matching question's items, answers and pairs: every item paired with one of the answers. */
function matchingProblems(body: Body): FieldErrors {
  const errors: FieldErrors = {};
  const pairs = body.answer_key?.pairs ?? [];
  if (body.choices.length < 2) errors.choices = ['exams.validation.matchingItems'];
  if (body.options.length < 2 || new Set(body.options).size !== body.options.length) {
    errors.options = ['exams.validation.matchingOptions'];
  }
  const paired =
    pairs.length === body.choices.length && pairs.every((index) => index < body.options.length);
  if (!paired) errors.answer_key = ['exams.validation.matchingKey'];
  return errors;
}

/**
 * What a question's choices and answer key must be for its kind: a single choice has at least two
 * choices and exactly one right one, a multiple choice at least two and one or more right ones
 * (indexes within the choices); a short answer has accepted answers and no choices, a numerical
 * one accepted numbers; a matching question items paired with its answers; a long answer and a
 * description neither (a teacher grades the one, the other takes no answer). A key with weights
 * names its right choices by them (rightOf). Only a description is worth no points.
 */
function questionProblems(body: Body): FieldErrors {
  const errors: FieldErrors = {};
  const key = body.answer_key ?? {};
  const typed = body.kind === 'short' || body.kind === 'numerical';
  const choiceKind = body.kind === 'single' || body.kind === 'multiple';
  const weights = choiceKind || typed ? key.weights : undefined;
  const right = weights && !typed ? rightOf(body.kind, weights) : (key.choices ?? []);
  if (body.kind !== 'description' && body.points <= 0) errors.points = ['exams.validation.points'];
  if (body.kind !== 'matching' && body.options.length > 0) {
    errors.options = ['exams.validation.noChoices'];
  }
  if (body.kind === 'matching') {
    Object.assign(errors, matchingProblems(body));
  } else if (choiceKind) {
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
  const feedback = key.feedback ?? [];
  if (!errors.answer_key && feedback.length > 0 && feedback.length !== feedbackSlots(body)) {
    errors.answer_key = ['exams.validation.feedback'];
  }
  if (!errors.answer_key && body.kind === 'description' && key.general) {
    errors.answer_key = ['exams.validation.feedback'];
  }
  return errors;
}

/** The feedback a key keeps: per-answer texts when any is written, the general one when written. */
function notesOf(key: NonNullable<Body['answer_key']>, slots: number) {
  const feedback = (key.feedback ?? []).map((text) => text.trim());
  const general = key.general?.trim() ?? '';
  return {
    ...(slots > 0 && feedback.some((text) => text !== '') ? { feedback } : {}),
    ...(general !== '' ? { general } : {}),
  };
}

/** The key to store: only the parts of the key that the kind uses. */
function keyOf(body: Body) {
  const key = body.answer_key ?? {};
  const notes = notesOf(key, feedbackSlots(body));
  const weights = key.weights && { weights: key.weights };
  switch (body.kind) {
    case 'description':
      return null;
    case 'long':
      return notes.general ? notes : null;
    case 'matching':
      return { pairs: key.pairs ?? [], ...notes };
    case 'short':
      return {
        accepted: key.accepted ?? [],
        ...weights,
        ...(key.case_sensitive ? { case_sensitive: true } : {}),
        ...notes,
      };
    case 'numerical':
      return { numbers: key.numbers ?? [], ...weights, ...notes };
    default:
      return weights
        ? { choices: rightOf(body.kind, weights.weights), ...weights, ...notes }
        : { choices: [...(key.choices ?? [])].sort((a, b) => a - b), ...notes };
  }
}

/** The row to store. */
export function stored(body: Body) {
  return {
    kind: body.kind,
    prompt: body.prompt,
    format: body.format,
    title: body.title,
    choices: body.choices,
    options: body.kind === 'matching' ? body.options : [],
    answer_key: keyOf(body),
    points: body.kind === 'description' ? 0 : body.points,
  };
}

/**
 * The body as it will be checked and stored: an HTML prompt cleaned by the chapters' allow-list
 * (what is left must still say something), a description worth no points.
 */
export function normalised(body: Body): Body {
  const prompt = body.format === 'html' ? cleanHtml(body.prompt) : body.prompt;
  return { ...body, prompt, points: body.kind === 'description' ? 0 : body.points };
}

export function check(body: Body): void {
  const errors = questionProblems(body);
  if (body.prompt.trim() === '') errors.prompt = ['validation.required'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * The exams whose quiz the actor sees and writes, answer key included: those they mark
 * (`can(…, 'update', 'evaluation')`, decision 175), not every exam they may read.
 */
const markedExams = (actor: Actor) => can(actor, 'update', 'evaluation').where;

/** An exam the actor marks whose quiz may still change (409 once a student has started). */
export async function editableExam(db: DbOrTx, actor: Actor, evaluationId: number) {
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
  format: row.format,
  title: row.title,
  choices: row.choices,
  options: row.options,
  answer_key: row.answer_key,
  points: row.points,
  position: row.position,
  bank_question_id: row.bank_question_id,
  draw_id: row.draw_id,
});

/**
 * Questions as a GIFT or Moodle XML file named after `name` (characters a file name cannot hold
 * become spaces), each section under its category.
 */
export function questionFile(
  sections: readonly ExportedSection[],
  format: QuestionFileFormat,
  name: string,
) {
  const base =
    name
      .replace(/[/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'quiz';
  return format === 'moodle_xml'
    ? { content: writeMoodleXml(sections), fileName: `${base}.xml`, type: 'application/xml' }
    : { content: writeGift(sections), fileName: `${base}.gift.txt`, type: 'text/plain' };
}

/**
 * The quiz as a file for Moodle or another exam (decision 187): GIFT or Moodle XML, the exam's
 * title as the category, named after the exam.
 */
export async function exportQuiz(
  ctx: AppContext,
  actor: Actor,
  evaluationId: number,
  format: QuestionFileFormat,
) {
  const exam = await examIn(ctx.db, markedExams(actor), evaluationId);
  if (!exam) throw notFound();
  const rows = await questionsOf(ctx.db, exam.id);
  return questionFile([{ category: exam.title, questions: rows }], format, exam.title);
}

/**
 * The quiz answered by those who mark it, as a student would (decision 188): each question's
 * points, the feedback the answers get and the score, computed as a hand-in scores them. Nothing is
 * stored: no attempt, nothing in the roster, the statistics or the grades, and the quiz stays
 * editable.
 */
export async function tryQuiz(
  ctx: AppContext,
  actor: Actor,
  evaluationId: number,
  body: QuizTryBody,
) {
  const exam = await examIn(ctx.db, markedExams(actor), evaluationId);
  if (!exam) throw notFound();
  const [all, draws] = await Promise.all([questionsOf(ctx.db, exam.id), drawsOf(ctx.db, exam.id)]);
  // The questions outside draws, and the drawn ones the trial showed (answered or not).
  const shown = new Set([
    ...body.answers.map((answer) => answer.question_id),
    ...(body.question_ids ?? []),
  ]);
  const rows = all.filter((row) => row.draw_id === null || shown.has(row.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: FieldErrors = {};
  body.answers.forEach((answer, index) => {
    const row = byId.get(answer.question_id);
    if (!row) errors[`answers.${index}.question_id`] = ['exams.validation.unknownQuestion'];
    else if (!fits(row, answer.value))
      errors[`answers.${index}.value`] = ['exams.validation.answerKind'];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const given = new Map(body.answers.map((answer) => [answer.question_id, answer.value]));
  const review = rows
    .filter((row) => row.kind !== 'description')
    .map((row) => {
      const value = given.get(row.id) ?? {};
      return {
        question_id: row.id,
        points_awarded: pointsFor(row, value),
        feedback: feedbackFor(row, value),
        general: row.answer_key?.general ?? null,
      };
    });
  return {
    score: examScore(review.map((item) => item.points_awarded)),
    max_points: maxPointsOf(all, draws),
    review,
  };
}

/** The quiz with its answer key, in order (staff of the evaluation). */
export async function list(ctx: AppContext, actor: Actor, evaluationId: number) {
  const exam = await examIn(ctx.db, markedExams(actor), evaluationId);
  if (!exam) throw notFound();
  const [rows, draws] = await Promise.all([questionsOf(ctx.db, exam.id), drawsOf(ctx.db, exam.id)]);
  return { data: rows.map(present), draws };
}

/**
 * The exam's items in a new order (drag or keyboard in the editor): every question outside a
 * draw's pool and every draw, once each; a draw moves with its pool. 422 when the list misses an
 * item or names another exam's; 409 once a student has started.
 */
export async function reorder(
  ctx: AppContext,
  actor: Actor,
  evaluationId: number,
  body: QuizOrderBody,
) {
  return ctx.db.transaction(async (tx) => {
    const exam = await editableExam(tx, actor, evaluationId);
    const [rows, draws] = await Promise.all([questionsOf(tx, exam.id), drawsOf(tx, exam.id)]);
    const expected = new Set([
      ...rows.filter((row) => row.draw_id === null).map((row) => `question:${row.id}`),
      ...draws.map((draw) => `draw:${draw.id}`),
    ]);
    const given = body.items.map((item) => `${item.type}:${item.id}`);
    const complete =
      given.length === expected.size &&
      new Set(given).size === given.length &&
      given.every((item) => expected.has(item));
    if (!complete) throw validationFailed({ items: ['exams.validation.order'] });
    await setItemPositions(
      tx,
      exam.id,
      body.items.map((item, index) => ({ ...item, position: index + 1 })),
    );
    const [after, drawsAfter] = await Promise.all([questionsOf(tx, exam.id), drawsOf(tx, exam.id)]);
    return { data: after.map(present), draws: drawsAfter };
  });
}

/** Appends questions after the last one and marks the evaluation as carrying a quiz. */
async function append(tx: DbOrTx, evaluationId: number, bodies: Body[]) {
  const last = await lastItemPosition(tx, evaluationId);
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

export async function create(ctx: AppContext, actor: Actor, evaluationId: number, given: Body) {
  const body = normalised(given);
  check(body);
  return ctx.db.transaction(async (tx) => {
    const exam = await editableExam(tx, actor, evaluationId);
    const [row] = await append(tx, exam.id, [body]);
    return present(row!);
  });
}

/**
 * What a question keeps once a student has started (decision 190): its kind, prompt, format,
 * choices and options are what the students answered; its key, title and points may still be
 * fixed, and a regrade scores the closed attempts again (results/regrade.service.ts).
 */
const ANSWERED_FIELDS = ['kind', 'prompt', 'format', 'choices', 'options'] as const;

/**
 * Applies the given fields over the stored question; the result must still fit its kind (422).
 * Once a student has started, a field of `ANSWERED_FIELDS` given with another value than the
 * stored one answers 409, and a fix of the key, title or points is recorded in the audit log.
 */
export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: Partial<QuestionBody>,
) {
  await requireAccess(ctx.db, actor, 'update', 'question', id);
  return ctx.db.transaction(async (tx) => {
    const current = await questionById(tx, id);
    const exam = await examIn(tx, markedExams(actor), current!.evaluation_id);
    if (!exam) throw notFound();
    if (exam.type !== 'exam') throw validationFailed({ _: ['exams.validation.examOnly'] });
    const started = await hasAttempts(tx, exam.id);
    const merged = normalised(
      questionBody.parse({
        kind: patch.kind ?? current!.kind,
        prompt: patch.prompt ?? current!.prompt,
        format: patch.format ?? current!.format,
        title: patch.title === undefined ? current!.title : patch.title,
        choices: patch.choices ?? current!.choices,
        options: patch.options ?? current!.options,
        answer_key: patch.answer_key === undefined ? current!.answer_key : patch.answer_key,
        points: patch.points ?? current!.points,
      }),
    );
    if (started) {
      // A field sent as it is stored is no change (an editor sends the whole question back).
      const answered = ANSWERED_FIELDS.filter(
        (field) =>
          patch[field] !== undefined &&
          !isDeepStrictEqual(patch[field], current![field]) &&
          !isDeepStrictEqual(merged[field], current![field]),
      );
      if (answered.length > 0) throw conflict('exams.conflict.started');
    }
    check(merged);
    // A drawn question is worth its draw's points: every attempt's maximum stays the same.
    if (current!.draw_id !== null && merged.points !== current!.points) {
      throw validationFailed({ points: ['exams.validation.drawQuestionPoints'] });
    }
    const next = stored(merged);
    const row = await updateQuestion(tx, id, {
      ...next,
      // What the students answered stays exactly as stored.
      ...(started ? Object.fromEntries(ANSWERED_FIELDS.map((f) => [f, current![f]])) : {}),
      updated_at: ctx.clock.now(),
    });
    const fixed = (['title', 'points', 'answer_key'] as const).filter(
      (field) => !isDeepStrictEqual(next[field], current![field]),
    );
    if (started && fixed.length > 0) {
      const pick = (source: Pick<Question, (typeof fixed)[number]>) =>
        Object.fromEntries(fixed.map((field) => [field, source[field]]));
      await record(tx, ctx, actor, {
        action: 'question.fix',
        entity: 'question',
        entityId: id,
        before: { evaluation_id: exam.id, ...pick(current!) },
        after: { evaluation_id: exam.id, ...pick(next) },
      });
    }
    return present(row);
  });
}

export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'question', id);
  await ctx.db.transaction(async (tx) => {
    const current = await questionById(tx, id);
    await editableExam(tx, actor, current!.evaluation_id);
    // A drawn question leaves with its draw: the pool must keep what each attempt draws.
    if (current!.draw_id !== null) throw conflict('exams.conflict.inDraw');
    await deleteQuestion(tx, id);
    await record(tx, ctx, actor, deleteEvent('question', id));
  });
}

const messageOf = (locale: Locale, key: string) =>
  isMessageKey(key) ? translate(locale, key) : key;

/**
 * What makes two questions the same for an import: kind, prompt, choices and answers, spaces and
 * case aside (a file imported twice adds nothing the second time).
 */
export function signatureOf(
  question: Pick<Body, 'kind' | 'prompt' | 'choices' | 'options'>,
): string {
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase();
  return JSON.stringify([
    question.kind,
    flat(question.prompt),
    question.choices.map(flat),
    question.options.map(flat),
  ]);
}

/** The questions a file holds, read in its format with true and false in the teacher's language. */
export function readFile(
  body: Pick<QuestionImportBody, 'text' | 'format'>,
  locale: Locale,
): ReadQuestion[] {
  const labels = {
    true: translate(locale, 'exams.gift.true'),
    false: translate(locale, 'exams.gift.false'),
  };
  return body.format === 'moodle_xml'
    ? readMoodleXml(body.text, labels)
    : readGift(body.text, labels);
}

/**
 * Each question of the file as it will be imported (decision 187): the question as stored, key
 * included, or why it is refused, in the teacher's language; and whether the exam, or the file
 * before it, already has it.
 */
async function planImport(
  db: DbOrTx,
  evaluationId: number,
  body: QuestionImportBody,
  locale: Locale,
) {
  const known = new Set((await questionsOf(db, evaluationId)).map(signatureOf));
  return planItems(readFile(body, locale), known, locale);
}

/**
 * What each question read from a file becomes: the question as stored with its category, or why
 * it is refused in the teacher's language; `known` holds the signatures already there (the exam's
 * or the bank's), to which each accepted question adds its own.
 */
export function planItems(items: readonly ReadQuestion[], known: Set<string>, locale: Locale) {
  return items.map((item) => {
    const refused = (problems: string[]) => ({
      line: item.line,
      category: item.category,
      question: null,
      problems,
      duplicate: false,
    });
    if (item.problem !== null) return refused([translate(locale, item.problem)]);
    const parsed = questionBody.safeParse(item.question);
    if (!parsed.success) {
      return refused(parsed.error.issues.map((issue) => messageOf(locale, issue.message)));
    }
    const question = normalised(parsed.data);
    const problems = Object.values(questionProblems(question)).flat();
    if (question.prompt.trim() === '') problems.push('validation.required');
    const signature = signatureOf(question);
    const duplicate = problems.length === 0 && known.has(signature);
    if (problems.length === 0) known.add(signature);
    return {
      line: item.line,
      category: item.category,
      question: { ...stored(question), points: question.points },
      problems: problems.map((key) => messageOf(locale, key)),
      duplicate,
    };
  });
}

type PlannedItem = ReturnType<typeof planItems>[number];

/**
 * An import's plan carried out (the exam's and the bank's): 422 when the file holds no question,
 * or when one is refused and the teacher did not choose to skip the refused ones (the count, and
 * each reason under `line.<n>`); `insert` writes the accepted questions that are not duplicates,
 * each as stored; the answer counts what was imported and left out.
 */
export async function applyImport(
  plan: readonly PlannedItem[],
  skipRefused: boolean,
  locale: Locale,
  insert: (taken: Array<{ item: PlannedItem; question: Body }>) => Promise<unknown[]>,
) {
  if (plan.length === 0) throw validationFailed({ text: ['exams.gift.empty'] });
  const refused = plan.filter((item) => item.problems.length > 0);
  if (refused.length > 0 && !skipRefused) {
    const errors: FieldErrors = {
      text: [translate(locale, 'exams.import.refused', { count: refused.length })],
    };
    for (const item of refused) {
      errors[`line.${item.line}`] = [...(errors[`line.${item.line}`] ?? []), ...item.problems];
    }
    throw validationFailed(errors);
  }
  const taken = plan
    .filter((item) => item.problems.length === 0 && !item.duplicate)
    .map((item) => ({ item, question: normalised(questionBody.parse(item.question)) }));
  const rows = taken.length > 0 ? await insert(taken) : [];
  return {
    imported: rows.length,
    duplicates: plan.filter((item) => item.duplicate).length,
    refused: refused.flatMap((item) =>
      item.problems.map((message) => ({ line: item.line, message })),
    ),
  };
}

/** The questions of a file as they would be imported, before anything is (staff who mark). */
export async function previewImport(
  ctx: AppContext,
  actor: Actor,
  evaluationId: number,
  body: QuestionImportBody,
  locale: Locale,
) {
  const exam = await editableExam(ctx.db, actor, evaluationId);
  return { data: await planImport(ctx.db, exam.id, body, locale) };
}

/**
 * A file's questions appended to the quiz, in one transaction: 422 when the file holds none, or
 * when one is refused and the teacher did not choose to skip the refused ones (each reason under
 * `line.<n>`); a question the exam already has is left out and counted.
 */
export async function importQuestions(
  ctx: AppContext,
  actor: Actor,
  evaluationId: number,
  body: QuestionImportBody,
  locale: Locale,
) {
  return ctx.db.transaction(async (tx) => {
    const exam = await editableExam(tx, actor, evaluationId);
    const plan = await planImport(tx, exam.id, body, locale);
    return applyImport(plan, body.skip_refused ?? false, locale, (taken) =>
      append(
        tx,
        exam.id,
        taken.map(({ question }) => question),
      ),
    );
  });
}
