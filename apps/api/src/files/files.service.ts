import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import { files, trainings } from '../db/schema/index.ts';
import { notFound, unauthenticated } from '../http/errors.ts';
import { storageFor } from './storage.ts';
import { fileUrl } from './uploads.ts';

export type StoredFile = typeof files.$inferSelect;

/**
 * Logos of institutions and covers of public, non-archived trainings are public: the public
 * catalogue shows them to guests.
 */
async function isPublic(ctx: AppContext, file: StoredFile): Promise<boolean> {
  if (file.kind === 'institution/logo') return true;
  if (file.kind !== 'formation/cover') return false;
  const [training] = await ctx.db
    .select({ id: trainings.id })
    .from(trainings)
    .where(
      and(
        eq(trainings.cover_link, fileUrl(file.id)),
        eq(trainings.visibility, 'public'),
        isNull(trainings.archived_at),
      ),
    )
    .limit(1);
  return Boolean(training);
}

function mayRead(actor: Actor, file: StoredFile): boolean {
  if (actor.role === 'super-admin') return true;
  if (file.owner_id !== null && file.owner_id === actor.userId) return true;
  return file.institution_id !== null && file.institution_id === actor.institutionId;
}

/**
 * A file's row and bytes for the actor: public files to anyone, the others to the super-admin,
 * their uploader and the people of the file's institution. Anyone else gets 404 (a guest 401).
 */
export async function readFile(ctx: AppContext, actor: Actor | null, id: number) {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, id));
  if (!file) throw notFound();
  const open = await isPublic(ctx, file);
  if (!open) {
    if (!actor) throw unauthenticated();
    if (!mayRead(actor, file)) throw notFound();
  }
  const bytes = await storageFor(ctx.config).get(file.storage_key);
  if (!bytes) throw notFound();
  return { file, bytes, open };
}

/** `inline; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the exact name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
