import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by every table; each call returns a fresh builder. */

const tz = { withTimezone: true, mode: 'date' } as const;

/** `id bigint generated always as identity primary key`, read as a JS number. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A foreign-key column (bigint read as a JS number); add `.references()` at the call site. */
export const fk = <TName extends string>(name: TName) => bigint(name, { mode: 'number' });

/** A `timestamptz` column read and written as a JS `Date`. */
export const timestamptz = <TName extends string>(name: TName) => timestamp(name, tz);

export const createdAt = () => timestamp('created_at', tz).notNull().defaultNow();

/** `updated_at` defaults to now and is refreshed by Drizzle on every `update()`. */
export const updatedAt = () =>
  timestamp('updated_at', tz)
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `created_at` and `updated_at`, spread into a table definition. */
export const timestamps = () => ({ created_at: createdAt(), updated_at: updatedAt() });

/** `archived_at`: null while the row is active. */
export const archivedAt = () => timestamp('archived_at', tz);
