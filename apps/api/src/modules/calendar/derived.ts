import type { CalendarEntry } from '@skolar/shared';
import type { Actor } from '../../auth/sessions.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { InstantRange } from './events.queries.ts';

/** An entry from the courses, as the API builds it (instants as `Date`). */
export type DerivedEntry = Omit<CalendarEntry, 'starts_at' | 'ends_at' | 'occurrence_start'> & {
  starts_at: Date;
  ends_at: Date;
  occurrence_start: null;
};

/**
 * The exams, project deadlines and seminar episodes of the actor's promotions and groups that fall
 * in the range (all of them, for the feed, when it is null): read-only, coloured by kind, each with
 * the link to its page. Being written on the `cal-feed` branch; until it lands, none.
 */
export async function derivedEntries(
  db: DbOrTx,
  actor: Actor,
  range: InstantRange | null,
): Promise<DerivedEntry[]> {
  void db;
  void actor;
  void range;
  return [];
}
