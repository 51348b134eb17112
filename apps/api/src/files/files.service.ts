import { and, eq, sql } from 'drizzle-orm';
import { can, publicFiles } from '../auth/policy.ts';
import type { Actor } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import { files } from '../db/schema/index.ts';
import { notFound, unauthenticated } from '../http/errors.ts';
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
  return { file: row.file, bytes, open: row.open === true || (row.open as unknown) === 't' };
}

/** `inline; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the exact name. */
export function contentDisposition(
  name: string,
  disposition: 'inline' | 'attachment' = 'inline',
): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
