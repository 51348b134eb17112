import { and, eq, isNull, sql } from 'drizzle-orm';
import { can, publicFiles } from '../auth/policy.ts';
import type { Actor } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { evaluations, files, participantNumbers, submissions } from '../db/schema/index.ts';
import { notFound, unauthenticated } from '../http/errors.ts';
import { blindFileName } from './names.ts';
import { storageFor } from './storage.ts';

/**
 * A file's row and bytes for the actor, as the policy of the row that links it allows
 * (`can(actor, 'read', 'file')`): public logos and covers to anyone; otherwise a guest gets 401
 * and a signed-in user who may not read it 404, as if it did not exist.
 */
export async function readFile(ctx: AppContext, actor: Actor | null, id: number) {
  const readable = actor ? can(actor, 'read', 'file').where : publicFiles;
  const [row] = await ctx.db
    .select({ file: files, open: sql<boolean>`coalesce((${publicFiles}), false)` })
    .from(files)
    .where(and(eq(files.id, id), readable));
  if (!row) throw actor ? notFound() : unauthenticated();
  const bytes = await storageFor(ctx.config).get(row.file.storage_key);
  if (!bytes) throw notFound();
  // A hand-in of a blind-marked project reaches anyone but its student under a neutral name.
  const blind =
    row.file.kind === 'submission' && row.file.owner_id !== actor?.userId
      ? await blindHandIn(ctx.db, row.file.id)
      : undefined;
  const name = blind
    ? blindFileName(blind.participant ?? 'x', blind.version, row.file.original_name)
    : row.file.original_name;
  return { file: row.file, name, bytes, open: row.open === true || (row.open as unknown) === 't' };
}

/**
 * When the file is a hand-in of a blind-marked project whose students are not revealed yet
 * (decision 196): its version and its student's participant number (null before one is drawn).
 */
async function blindHandIn(db: DbOrTx, fileId: number) {
  const [row] = await db
    .select({
      participant: sql<string | null>`${participantNumbers.number}::text`,
      version: submissions.version,
    })
    .from(submissions)
    .innerJoin(evaluations, eq(evaluations.id, submissions.evaluation_id))
    .leftJoin(
      participantNumbers,
      and(
        eq(participantNumbers.evaluation_id, submissions.evaluation_id),
        eq(participantNumbers.student_id, submissions.student_id),
      ),
    )
    .where(
      and(
        eq(submissions.file_id, fileId),
        eq(evaluations.blind_marking, true),
        isNull(evaluations.identities_revealed_at),
      ),
    )
    .limit(1);
  return row;
}

export { contentDisposition } from '../http/download.ts';
