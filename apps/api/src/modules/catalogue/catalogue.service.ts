import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import {
  findPublicTraining,
  listPublicInstitutions,
  listPublicTrainings,
  trainingModuleList,
} from './catalogue.queries.ts';

// The public catalogue needs no actor: it only ever reads public, non-archived rows.

/** The public catalogue. */
export function trainings(ctx: AppContext) {
  return listPublicTrainings(ctx.db);
}

/** One public training; private, archived or unknown ones answer 404 alike. */
export async function training(ctx: AppContext, id: number) {
  const [row, modules] = await Promise.all([
    findPublicTraining(ctx.db, id),
    trainingModuleList(ctx.db, id),
  ]);
  if (!row) throw notFound();
  return { ...row, modules, updated_at: row.updated_at.toISOString() };
}

/** The institutions shown on the public site. */
export function institutions(ctx: AppContext) {
  return listPublicInstitutions(ctx.db);
}
