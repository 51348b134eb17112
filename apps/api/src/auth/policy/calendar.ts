// Who sees and changes the calendar's events, and whose feed is whose.
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { calendarFeeds, events, groups, promotions } from '../../db/schema/index.ts';
import type { Actor } from '../sessions.ts';
import { type EntityRules, FALSE, isAdmin, isSuperAdmin, sameInstitution, TRUE } from './scope.ts';
import { groupScope, promotionScope } from './structure.ts';

/**
 * A user sees their own events and those of their audiences: the institution's, and those of the
 * promotions and groups they may read (a student's own, a teacher's assigned ones, every one of
 * the institution for a super-teacher); an admin, every non-personal event of the institution.
 */
function eventScope(actor: Actor): SQL {
  if (isSuperAdmin(actor)) return TRUE;
  const own = eq(events.owner_id, actor.userId);
  if (isAdmin(actor))
    return or(
      own,
      and(sameInstitution(actor, events.institution_id), ne(events.audience, 'personal')),
    )!;
  const audienceIn = (kind: 'promotion' | 'group', ids: SQL) =>
    and(eq(events.audience, kind), sql`${events.audience_id} in ${ids}`);
  return or(
    own,
    and(
      sameInstitution(actor, events.institution_id),
      or(
        and(eq(events.audience, 'institution'), eq(events.audience_id, actor.institutionId ?? -1)),
        audienceIn(
          'promotion',
          sql`(select ${promotions.id} from ${promotions} where ${promotionScope(actor)})`,
        ),
        audienceIn('group', sql`(select ${groups.id} from ${groups} where ${groupScope(actor)})`),
      ),
    ),
  )!;
}

export const calendarRules = {
  event: {
    table: events,
    id: events.id,
    visible: eventScope,
    // Everyone writes their own events; an admin also the events of the institution.
    writable: (actor) =>
      isSuperAdmin(actor)
        ? undefined
        : or(
            eq(events.owner_id, actor.userId),
            isAdmin(actor)
              ? and(sameInstitution(actor, events.institution_id), ne(events.audience, 'personal'))
              : FALSE,
          ),
  },
  calendar_feed: {
    // A user's own feed, whatever their role.
    table: calendarFeeds,
    id: calendarFeeds.id,
    visible: (actor) => eq(calendarFeeds.user_id, actor.userId),
  },
} satisfies EntityRules;
