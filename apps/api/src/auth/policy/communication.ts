// Who reads which notifications and announcements (decisions 200, 201): each person their own
// notifications; an announcement, the people of its audience once it is out, and the staff who
// reach that audience.
import { and, eq, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  announcements,
  conversationMembers,
  conversations,
  discussionPosts,
  discussionReports,
  discussionThreads,
  groupStudents,
  groupSubjects,
  groups,
  messages,
  moduleSubjects,
  notifications,
  promotionStudents,
  promotions,
  promotionTeachers,
  subjects,
  teacherSubjects,
  trainingModules,
  trainings,
  userBlocks,
  users,
} from '../../db/schema/index.ts';
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
  studentSubjectIds,
  TRUE,
  teacherPromotions,
  teacherSubjectIds,
} from './scope.ts';
import { groupScope, promotionScope } from './structure.ts';
import { subjectScope } from './teaching.ts';

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

/**
 * The threads the actor reads (decision 202): those of the subjects they read, as the subjects'
 * own rule says (a learner's promotions and groups, a teacher's subjects, staff their
 * institution's), until staff remove the thread.
 */
function threadScope(actor: Actor): SQL {
  return and(
    isNull(discussionThreads.removed_at),
    sql`${discussionThreads.subject_id} in (select ${subjects.id} from ${subjects} where ${subjectScope(actor)})`,
  )!;
}

const threadIds = (actor: Actor) =>
  sql`(select ${discussionThreads.id} from ${discussionThreads} where ${threadScope(actor)})`;

/** The posts of the threads the actor reads. */
const postScope = (actor: Actor): SQL => sql`${discussionPosts.thread_id} in ${threadIds(actor)}`;

/**
 * Whom the actor may mention (and whose names the composer lists), as a condition on `users`,
 * among the readers of a subject: staff, anyone; a learner, staff and the learners who share one
 * of their promotions or groups (not every learner of a subject taught to several promotions).
 */
export function mentionScope(actor: Actor): SQL {
  if (!isStudent(actor)) return sameInstitution(actor, users.institution_id);
  return and(
    sameInstitution(actor, users.institution_id),
    or(
      ne(users.role, 'student'),
      sql`${users.id} in (select ${promotionStudents.student_id} from ${promotionStudents} where ${promotionStudents.promotion_id} in ${studentPromotions(actor)})`,
      sql`${users.id} in (select ${groupStudents.student_id} from ${groupStudents} where ${groupStudents.group_id} in ${studentGroups(actor)})`,
    ),
  )!;
}

/** The people of the promotions (`promotionIds`, an id list): their learners and teachers. */
const peopleOfPromotions = (promotionIds: SQL) => sql`(
  select ${promotionStudents.student_id} from ${promotionStudents} where ${promotionStudents.promotion_id} in ${promotionIds}
  union select ${promotionTeachers.teacher_id} from ${promotionTeachers} where ${promotionTeachers.promotion_id} in ${promotionIds})`;

/** The learners who read one of the subjects (`subjectIds`, an id list), and their teachers. */
const peopleOfSubjects = (subjectIds: SQL) => sql`(
  select ${promotionStudents.student_id} from ${promotionStudents}
  join ${trainings} on ${trainings.promotion_id} = ${promotionStudents.promotion_id}
  join ${trainingModules} on ${trainingModules.training_id} = ${trainings.id}
  join ${moduleSubjects} on ${moduleSubjects.module_id} = ${trainingModules.module_id}
  where ${moduleSubjects.subject_id} in ${subjectIds}
  union select ${groupStudents.student_id} from ${groupStudents}
  join ${groupSubjects} on ${groupSubjects.group_id} = ${groupStudents.group_id}
  where ${groupSubjects.subject_id} in ${subjectIds}
  union select ${teacherSubjects.teacher_id} from ${teacherSubjects} where ${teacherSubjects.subject_id} in ${subjectIds})`;

/**
 * Whom the actor may start a conversation with (decision 203), as a condition on `users`: active
 * people of their institution with whom they share a promotion, a group or a subject, and its
 * admins. A learner reaches their classmates (promotions and groups), their promotions'
 * teachers and their subjects' teachers, not every learner of the school; a teacher, the people
 * of their promotions and of the subjects they teach; admins and super-teachers, anyone of their
 * institution.
 */
export function contactScope(actor: Actor): SQL {
  const base = and(
    sameInstitution(actor, users.institution_id),
    ne(users.id, actor.userId),
    isNull(users.disabled_at),
    isNull(users.archived_at),
  )!;
  if (isAdmin(actor) || isSuperTeacher(actor)) return base;
  const shared = isStudent(actor)
    ? or(
        sql`${users.id} in ${peopleOfPromotions(studentPromotions(actor))}`,
        sql`${users.id} in (select ${groupStudents.student_id} from ${groupStudents} where ${groupStudents.group_id} in ${studentGroups(actor)})`,
        sql`${users.id} in (select ${teacherSubjects.teacher_id} from ${teacherSubjects} where ${teacherSubjects.subject_id} in ${studentSubjectIds(actor)})`,
      )
    : isTeacher(actor)
      ? or(
          sql`${users.id} in ${peopleOfPromotions(teacherPromotions(actor))}`,
          sql`${users.id} in ${peopleOfSubjects(teacherSubjectIds(actor))}`,
        )
      : FALSE;
  return and(base, or(eq(users.role, 'admin'), shared))!;
}

/**
 * Whom the actor may block, as a condition on `users`: a learner, other learners (staff keep
 * reaching their learners, as Moodle lets teachers message past a block); staff, anyone.
 */
export function blockableScope(actor: Actor): SQL {
  return isStudent(actor) ? eq(users.role, 'student') : TRUE;
}

/** The conversations the actor is a member of. */
const myConversations = (actor: Actor) =>
  sql`(select ${conversationMembers.conversation_id} from ${conversationMembers} where ${conversationMembers.user_id} = ${actor.userId})`;

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
  // Staff moderate the threads they read (the grants give learners no update or delete).
  discussion: { table: discussionThreads, id: discussionThreads.id, visible: threadScope },
  discussion_post: {
    table: discussionPosts,
    id: discussionPosts.id,
    visible: postScope,
    // Its author edits a post (the service holds them to the edit window); a learner removes
    // only their own, staff any they read.
    writable: (actor, action) =>
      action === 'update' || isStudent(actor)
        ? eq(discussionPosts.author_id, actor.userId)
        : undefined,
  },
  discussion_report: {
    table: discussionReports,
    id: discussionReports.id,
    visible: (actor) =>
      sql`${discussionReports.post_id} in (select ${discussionPosts.id} from ${discussionPosts} where ${postScope(actor)})`,
  },
  // A conversation is its members' only; messages are read through it.
  conversation: {
    table: conversations,
    id: conversations.id,
    visible: (actor) =>
      and(
        sameInstitution(actor, conversations.institution_id),
        sql`${conversations.id} in ${myConversations(actor)}`,
      )!,
  },
  message: {
    table: messages,
    id: messages.id,
    visible: (actor) => sql`${messages.conversation_id} in ${myConversations(actor)}`,
  },
  // Each person's blocks, by the person blocked.
  block: {
    table: userBlocks,
    id: userBlocks.blocked_id,
    visible: (actor) => eq(userBlocks.blocker_id, actor.userId),
  },
} satisfies EntityRules;
