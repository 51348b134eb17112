// Who reads which notifications and announcements (decisions 200, 201): each person their own
// notifications; an announcement, the people of its audience once it is out, and the staff who
// reach that audience.
import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { announcements, groups, notifications, promotions } from '../../db/schema/index.ts';
import type { Actor } from '../sessions.ts';
import {
  type EntityRules,
  FALSE,
  isAdmin,
  isStudent,
  isSuperTeacher,
  isTeacher,
  sameInstitution,
  studentGroups,
  studentPromotions,
} from './scope.ts';
import { groupScope, promotionScope } from './structure.ts';

const aimedAt = (kind: 'promotion' | 'group', ids: SQL) =>
  and(eq(announcements.audience, kind), sql`${announcements.audience_id} in ${ids}`)!;

/** The promotions and groups the actor may post to (as they read them), as id lists. */
const reachedPromotions = (actor: Actor) =>
  sql`(select ${promotions.id} from ${promotions} where ${promotionScope(actor)})`;
const reachedGroups = (actor: Actor) =>
  sql`(select ${groups.id} from ${groups} where ${groupScope(actor)})`;

/** Whether the actor may post to their whole institution: its admins and super-teachers. */
export const mayAnnounceToInstitution = (actor: Actor) => isAdmin(actor) || isSuperTeacher(actor);

/**
 * The announcements the actor sees: a learner, those out and not withdrawn aimed at their
 * institution, promotions or groups; a teacher, their own and those of the audiences they reach
 * (scheduled ones too: they may be the colleague who edits it next); an admin or a super-teacher,
 * their institution's. The super-admin's grants give them none.
 */
function announcementScope(actor: Actor): SQL {
  const institution = sameInstitution(actor, announcements.institution_id);
  if (isStudent(actor)) {
    return and(
      institution,
      isNotNull(announcements.published_at),
      isNull(announcements.withdrawn_at),
      or(
        eq(announcements.audience, 'institution'),
        aimedAt('promotion', studentPromotions(actor)),
        aimedAt('group', studentGroups(actor)),
      ),
    )!;
  }
  if (!isTeacher(actor)) return institution;
  return and(
    institution,
    or(
      eq(announcements.author_id, actor.userId),
      and(isNull(announcements.withdrawn_at), eq(announcements.audience, 'institution')),
      aimedAt('promotion', reachedPromotions(actor)),
      aimedAt('group', reachedGroups(actor)),
    ),
  )!;
}

/**
 * The audiences the actor may post to, as a condition on a promotion (`promotion`) or a group
 * (`group`) id column, for the composer's choices and the check of a new announcement.
 */
export function announcementAudienceScope(actor: Actor, kind: 'promotion' | 'group'): SQL {
  if (isStudent(actor)) return FALSE;
  return kind === 'promotion' ? promotionScope(actor) : groupScope(actor);
}

export const communicationRules = {
  notification: {
    table: notifications,
    id: notifications.id,
    visible: (actor) => eq(notifications.user_id, actor.userId),
  },
  announcement: {
    table: announcements,
    id: announcements.id,
    visible: announcementScope,
    // A teacher edits and withdraws their own; an admin or a super-teacher, any they see.
    writable: (actor) => (isTeacher(actor) ? eq(announcements.author_id, actor.userId) : undefined),
  },
} satisfies EntityRules;
