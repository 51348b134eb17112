import type { DrawBody, FromBankBody } from '@skolar/shared';
import { deleteEvent, record } from '../../audit/audit.ts';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { type FieldErrors, HttpError, notFound, validationFailed } from '../../http/errors.ts';
import {
  deleteDraw,
  drawById,
  insertDraw,
  insertQuestions,
  lastItemPosition,
  markHasQuiz,
} from '../exams/exams.queries.ts';
import { editableExam, list as quizOf } from '../exams/questions.service.ts';
import { type BankRow, categoryPool, currentAmong } from './bank.queries.ts';

/** The exam's copy of a bank question: the question as it stands now, and where it came from. */
const copyOf = (row: BankRow) => ({
  kind: row.kind,
  prompt: row.prompt,
  format: row.format,
  title: row.title,
  choices: row.choices,
  options: row.options,
  answer_key: row.answer_key,
  points: row.points,
  bank_question_id: row.id,
});

/**
 * Copies chosen questions of the bank of the exam's subject to the end of its quiz, in the order
 * given (decision 191): the exam keeps its own copy, so a later version in the bank changes
 * nothing of it. 422 when one is not a current question of that bank the actor keeps; 409 once a
 * student has started.
 */
export async function addFromBank(
  ctx: AppContext,
  actor: Actor,
  evaluationId: number,
  body: FromBankBody,
) {
  await ctx.db.transaction(async (tx) => {
    const exam = await editableExam(tx, actor, evaluationId);
    const ids = [...new Set(body.bank_question_ids)];
    const scope = can(actor, 'list', 'bank_question').where;
    const rows = await currentAmong(tx, exam.subject_id, ids, scope);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const errors: FieldErrors = {};
    body.bank_question_ids.forEach((id, index) => {
      if (!byId.has(id)) errors[`bank_question_ids.${index}`] = ['exams.validation.bankQuestion'];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const last = await lastItemPosition(tx, exam.id);
    await insertQuestions(
      tx,
      ids.map((id, index) => ({
        ...copyOf(byId.get(id)!),
        evaluation_id: exam.id,
        position: last + index + 1,
      })),
    );
    await markHasQuiz(tx, exam.id);
  });
  return quizOf(ctx, actor, evaluationId);
}

/**
 * A random draw (decision 191): `count` questions per attempt among the current scored questions
 * of a category of the bank of the exam's subject (and of the categories under it), each worth
 * the draw's points. The pool is copied into the exam now, so the bank may change afterwards
 * without changing what the exam draws from. 422 when the category holds fewer questions than
 * the count; 409 once a student has started.
 */
export async function addDraw(ctx: AppContext, actor: Actor, evaluationId: number, body: DrawBody) {
  await ctx.db.transaction(async (tx) => {
    const exam = await editableExam(tx, actor, evaluationId);
    const pool = await categoryPool(
      tx,
      exam.subject_id,
      body.category,
      can(actor, 'list', 'bank_question').where,
    );
    if (pool.length < body.count) {
      throw new HttpError(
        422,
        'errors.validation',
        { count: ['exams.validation.drawPool'] },
        { pool: pool.length },
      );
    }
    const position = (await lastItemPosition(tx, exam.id)) + 1;
    const draw = await insertDraw(tx, {
      evaluation_id: exam.id,
      category: body.category,
      count: body.count,
      points: body.points,
      position,
    });
    await insertQuestions(
      tx,
      pool.map((row) => ({
        ...copyOf(row),
        points: body.points,
        evaluation_id: exam.id,
        position,
        draw_id: draw.id,
      })),
    );
    await markHasQuiz(tx, exam.id);
  });
  return quizOf(ctx, actor, evaluationId);
}

/** Removes a draw and its pool while no student has started (404 outside the actor's exams). */
export async function removeDraw(ctx: AppContext, actor: Actor, drawId: number) {
  await ctx.db.transaction(async (tx) => {
    const draw = await drawById(tx, drawId);
    if (!draw) throw notFound();
    await editableExam(tx, actor, draw.evaluation_id);
    await deleteDraw(tx, draw.id);
    await record(tx, ctx, actor, {
      // The draw's questions leave with it: logged as the quiz's, with the draw in `before`.
      ...deleteEvent('question', null),
      before: {
        evaluation_id: draw.evaluation_id,
        draw_id: draw.id,
        category: draw.category,
        count: draw.count,
      },
    });
  });
}
