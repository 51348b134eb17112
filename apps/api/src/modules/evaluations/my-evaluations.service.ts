import type { EvaluationStatus, EvaluationType } from '@skolar/shared';
import { can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { storageFor } from '../../files/storage.ts';
import { notFound } from '../../http/errors.ts';
import {
  type EvaluationRow,
  evaluationById,
  evaluationsDuePage,
  evaluationsIn,
  extraMinutesOf,
  fileById,
  handInReceipts,
  publishedResultOf,
} from './evaluations.queries.ts';
import { presentCore, releasedCorrections } from './evaluations.service.ts';
import { quotaOf } from './hand-in-quota.ts';
import { type StudentState, studentStates } from './status.ts';

export interface MyFilters {
  type?: EvaluationType;
  has_quiz?: boolean;
  status?: EvaluationStatus;
  page: number;
  per_page: number;
}

const presentMine = (row: EvaluationRow, state: StudentState) => ({
  ...presentCore(row),
  // The student's own window: a project is due for them at their extension (decision 192), and
  // closes at the later of it and the cut-off for late hand-ins (decision 195).
  closes_at: state.closes_at,
  deadline: row.type === 'project' ? state.due_at : row.deadline,
  status: state.status,
  is_open: state.is_open,
  attempt: state.attempt,
  submission: state.submission,
});

/**
 * `GET /api/me/evaluations`: the evaluations of the student's trainings (not archived), each with
 * its status by the server's clock, soonest due first, a page at a time, and that clock for the
 * countdowns. The status depends on the clock and the student's own attempts, so the filter on it
 * is applied here, before the page is cut (decision 164); without it the database cuts the page
 * in the same order (decision 169).
 */
export async function mine(ctx: AppContext, actor: Actor, filters: MyFilters) {
  const now = ctx.clock.now();
  if (filters.status === undefined) {
    // Without a status filter, the database cuts the page: the statuses of 25 rows, not 400.
    const page = await evaluationsDuePage(
      ctx.db,
      can(actor, 'list', 'evaluation').where,
      filters,
      filters,
    );
    const states = await studentStates(ctx.db, actor.userId, page.rows, now);
    return {
      data: page.rows.map((row) => presentMine(row, states.get(row.id)!)),
      meta: { page: filters.page, per_page: filters.per_page, total: page.total },
      server_now: now,
    };
  }
  const rows = await evaluationsIn(ctx.db, can(actor, 'list', 'evaluation').where, filters);
  const states = await studentStates(ctx.db, actor.userId, rows, now);
  const matching = rows
    .map((row) => presentMine(row, states.get(row.id)!))
    .filter((item) => filters.status === undefined || item.status === filters.status)
    .sort((a, b) => dueTime(a) - dueTime(b) || a.id - b.id);
  const first = (filters.page - 1) * filters.per_page;
  return {
    data: matching.slice(first, first + filters.per_page),
    meta: { page: filters.page, per_page: filters.per_page, total: matching.length },
    server_now: now,
  };
}

/** When an evaluation is due: an exam's start, a project's deadline. */
const dueTime = (item: { type: EvaluationType; opens_at: Date; closes_at: Date }) =>
  (item.type === 'exam' ? item.opens_at : item.closes_at).getTime();

/** A non-archived evaluation of the student's trainings; 404 otherwise. */
async function myEvaluation(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'evaluation', id);
  const row = await evaluationById(ctx.db, id);
  if (row.archived_at !== null) throw notFound();
  return row;
}

/**
 * `GET /api/me/evaluations/:id`: the evaluation with the student's status, every version they
 * handed in (the receipts) with a project's quota, their extra time at an online exam, their result
 * once published and, once it is released, the link of its correction.
 */
export async function myDetail(ctx: AppContext, actor: Actor, id: number) {
  const row = await myEvaluation(ctx, actor, id);
  const now = ctx.clock.now();
  const [states, result, extraMinutes, receipts] = await Promise.all([
    studentStates(ctx.db, actor.userId, [row], now),
    publishedResultOf(ctx.db, id, actor.userId),
    row.type === 'exam' && row.has_quiz ? extraMinutesOf(ctx.db, id, actor.userId) : 0,
    handInReceipts(ctx.db, id, actor.userId),
  ]);
  const state = states.get(id)!;
  const released = (await releasedCorrections(ctx.db, [row], now)).has(id);
  return {
    ...presentMine(row, state),
    description: row.description,
    document_link: row.document_file_id === null ? null : `/api/files/${row.document_file_id}`,
    correction_link: released ? `/api/me/evaluations/${id}/correction` : null,
    submissions: receipts.map(({ file_id, ...receipt }) => ({
      ...receipt,
      file_link: `/api/files/${file_id}`,
    })),
    quota:
      row.type === 'project'
        ? quotaOf({
            versions: receipts.length,
            bytes: receipts.reduce((sum, receipt) => sum + receipt.size, 0),
          })
        : null,
    extra_minutes: extraMinutes,
    result: result ?? null,
    server_now: now,
  };
}

/**
 * The correction's bytes, for a student of the evaluation once it is released by the server's
 * clock (no attempt takes an answer any more, decision 173); before that (or without a
 * correction) 404, as if there were none.
 */
export async function myCorrection(ctx: AppContext, actor: Actor, id: number) {
  const row = await myEvaluation(ctx, actor, id);
  const released = await releasedCorrections(ctx.db, [row], ctx.clock.now());
  if (row.correction_file_id === null || !released.has(id)) throw notFound();
  const file = await fileById(ctx.db, row.correction_file_id);
  const bytes = file ? await storageFor(ctx.config).get(file.storage_key) : null;
  if (!file || !bytes) throw notFound();
  return { file, bytes };
}
