// Who takes attendance on which session, and which sessions a learner checks in and signs at.
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import {
  attendanceJustifications,
  attendanceSessions,
  groups,
  promotions,
} from '../../db/schema/index.ts';
import type { Actor } from '../sessions.ts';
import {
  type EntityRules,
  FALSE,
  isStudent,
  isTeacher,
  sameInstitution,
  studentGroups,
  studentPromotions,
} from './scope.ts';
import { groupScope, promotionScope } from './structure.ts';

const audienceIn = (kind: 'promotion' | 'group', ids: SQL) =>
  and(eq(attendanceSessions.audience, kind), sql`${attendanceSessions.audience_id} in ${ids}`)!;

/**
 * Staff see the sessions of their institution: an admin and a super-teacher every one, a teacher
 * those they train and those of the promotions and groups they may read. A learner's own lines
 * are `presence`.
 */
function sessionScope(actor: Actor): SQL {
  if (isStudent(actor)) return FALSE;
  const institution = sameInstitution(actor, attendanceSessions.institution_id);
  if (!isTeacher(actor)) return institution;
  return and(
    institution,
    or(
      eq(attendanceSessions.trainer_id, actor.userId),
      audienceIn(
        'promotion',
        sql`(select ${promotions.id} from ${promotions} where ${promotionScope(actor)})`,
      ),
      audienceIn('group', sql`(select ${groups.id} from ${groups} where ${groupScope(actor)})`),
    ),
  )!;
}

export const attendanceRules = {
  attendance: {
    table: attendanceSessions,
    id: attendanceSessions.id,
    visible: sessionScope,
    // The trainer of the session takes and corrects it; an admin or a super-teacher, any of theirs.
    writable: (actor) =>
      isTeacher(actor) ? eq(attendanceSessions.trainer_id, actor.userId) : undefined,
  },
  presence: {
    // The sessions a learner is expected at: those of their promotions and groups.
    table: attendanceSessions,
    id: attendanceSessions.id,
    visible: (actor) =>
      isStudent(actor)
        ? and(
            sameInstitution(actor, attendanceSessions.institution_id),
            or(
              audienceIn('promotion', studentPromotions(actor)),
              audienceIn('group', studentGroups(actor)),
            ),
          )!
        : FALSE,
  },
  justification: {
    // A learner's own; the institution's for its admins and super-teachers (the grants keep
    // teachers out: a justification may say why someone was ill).
    table: attendanceJustifications,
    id: attendanceJustifications.id,
    visible: (actor) =>
      isStudent(actor)
        ? and(
            sameInstitution(actor, attendanceJustifications.institution_id),
            eq(attendanceJustifications.student_id, actor.userId),
          )!
        : isTeacher(actor)
          ? FALSE
          : sameInstitution(actor, attendanceJustifications.institution_id),
  },
} satisfies EntityRules;
