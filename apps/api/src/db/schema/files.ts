import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { fk, id, timestamps, timestamptz } from './common.ts';
import { fileKindEnum } from './enums.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

/** An uploaded file; the bytes live in the storage adapter under `storage_key`. */
export const files = pgTable(
  'files',
  {
    id: id(),
    kind: fileKindEnum('kind').notNull(),
    /** Who uploaded it; null once that account is deleted. */
    owner_id: fk('owner_id').references(() => users.id, { onDelete: 'set null' }),
    institution_id: fk('institution_id').references(() => institutions.id, {
      onDelete: 'restrict',
    }),
    storage_key: text('storage_key').notNull().unique('files_storage_key_unique'),
    original_name: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the content. */
    sha256: text('sha256').notNull(),
    /**
     * Since when no row shows the file, by the server's clock (decision 172): a chapter image from
     * its upload until a chapter shows it, and again from when the last chapter lets it go. The
     * orphan cleanup counts from it; null while it is shown, and for the other kinds.
     */
    unused_since: timestamptz('unused_since'),
    ...timestamps(),
  },
  (t) => [
    index('files_owner_id_idx').on(t.owner_id),
    index('files_institution_id_idx').on(t.institution_id),
    index('files_kind_idx').on(t.kind),
  ],
);
