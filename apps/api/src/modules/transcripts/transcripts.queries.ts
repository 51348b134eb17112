import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transcriptDocuments } from '../../db/schema/index.ts';

const documentColumns = {
  issued_at: transcriptDocuments.issued_at,
  locale: transcriptDocuments.locale,
  content: transcriptDocuments.content,
};

/** The issued document whose code has this SHA-256, if any (one indexed equality). */
export async function documentByHash(db: DbOrTx, hash: string) {
  const [row] = await db
    .select(documentColumns)
    .from(transcriptDocuments)
    .where(eq(transcriptDocuments.code_hash, sql`${hash}`));
  return row;
}

/**
 * Records an issued document unless one with the same code exists already (the code is derived
 * from what the document says: the same transcript gives the same code); answers the document as
 * first recorded. Two downloads at once still leave one row (the unique key on the hash).
 */
export async function recordDocumentOnce(db: DbOrTx, row: typeof transcriptDocuments.$inferInsert) {
  const [inserted] = await db
    .insert(transcriptDocuments)
    .values(row)
    .onConflictDoNothing({ target: transcriptDocuments.code_hash })
    .returning(documentColumns);
  return inserted ?? (await documentByHash(db, row.code_hash));
}
