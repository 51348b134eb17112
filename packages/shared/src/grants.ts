import type { Role } from './roles.ts';

/**
 * What a role may do to a kind of row, beside the route table (access.ts): a role that may open a
 * screen may call the operations behind it, and no other role may. The API narrows the rows further
 * by tenant and scope (apps/api/src/auth/policy.ts, `can(actor, action, entity)`).
 */
export const ACTIONS = ['list', 'read', 'create', 'update', 'delete', 'archive', 'assign'] as const;
export type Action = (typeof ACTIONS)[number];

export type Entity =
  | 'institution'
  | 'program'
  | 'module'
  | 'user'
  | 'student'
  | 'teacher'
  | 'promotion'
  | 'training'
  | 'subject'
  | 'lesson'
  | 'chapter'
  | 'seminar'
  | 'episode'
  | 'group'
  | 'evaluation'
  | 'question'
  | 'bank_question'
  | 'rubric'
  | 'attempt'
  | 'submission'
  | 'result'
  | 'grade_change'
  | 'event'
  | 'calendar_feed'
  | 'import'
  | 'file'
  | 'progress'
  | 'record'
  | 'audit'
  | 'attendance'
  | 'presence'
  | 'justification'
  | 'notification'
  | 'announcement'
  | 'discussion'
  | 'discussion_post'
  | 'discussion_report'
  | 'conversation'
  | 'message'
  | 'block';

const SA = 'super-admin';
const A = 'admin';
const ST = 'super-teacher';
const T = 'teacher';
const S = 'student';
const EVERYONE: Role[] = [S, T, ST, A, SA];
const CONTENT_EDITORS: Role[] = [SA, A, ST, T];
/** Those who set and follow evaluations: every role but the student. */
const STAFF: Role[] = [SA, A, ST, T];

/** The grants of every role; `grants.test.ts` checks them against the screens of access.ts. */
export const GRANTS: Record<Entity, Partial<Record<Action, readonly Role[]>>> = {
  institution: {
    list: [SA],
    read: [SA, A],
    create: [SA],
    update: [SA],
    delete: [SA],
    archive: [SA],
    assign: [SA, A],
  },
  program: {
    list: [SA, A, ST],
    read: [SA, A, ST],
    create: [SA],
    update: [SA],
    delete: [SA],
    archive: [SA],
    assign: [SA],
  },
  module: {
    list: [SA, A, ST],
    read: [SA, A, ST],
    create: [SA],
    update: [SA],
    delete: [SA],
    archive: [SA],
    assign: [SA, A, ST],
  },
  user: { list: [SA], read: [SA], create: [SA], update: [SA], delete: [SA], archive: [SA] },
  student: {
    list: [A, ST],
    read: [A, ST],
    create: [A],
    update: [A],
    delete: [A],
    archive: [A],
    assign: [A, SA],
  },
  teacher: {
    list: [A],
    read: [A],
    create: [A],
    update: [A],
    delete: [A],
    archive: [A],
    // Who teaches what (teacher_subjects), from either side: the super-teacher staffs subjects.
    assign: [A, ST],
  },
  promotion: {
    list: [A, ST, T],
    read: [A, ST, T],
    create: [A],
    update: [A],
    delete: [A],
    archive: [A],
    assign: [A],
  },
  training: {
    list: [SA, A, ST, T, S],
    read: [SA, A, ST, T, S],
    create: [A],
    update: [A],
    delete: [A],
    archive: [A],
    assign: [A, ST],
  },
  subject: {
    list: EVERYONE,
    read: EVERYONE,
    create: [SA, A, ST],
    update: CONTENT_EDITORS,
    delete: [SA, A, ST],
    archive: [SA, A, ST],
    assign: CONTENT_EDITORS,
  },
  lesson: {
    list: EVERYONE,
    read: EVERYONE,
    create: CONTENT_EDITORS,
    update: CONTENT_EDITORS,
    delete: CONTENT_EDITORS,
    archive: CONTENT_EDITORS,
  },
  chapter: {
    list: EVERYONE,
    read: EVERYONE,
    create: CONTENT_EDITORS,
    update: CONTENT_EDITORS,
    delete: CONTENT_EDITORS,
    archive: CONTENT_EDITORS,
  },
  seminar: {
    list: EVERYONE,
    read: EVERYONE,
    create: [SA, A, ST],
    update: CONTENT_EDITORS,
    delete: [SA, A, ST],
    archive: [SA, A, ST],
    assign: [SA, A],
  },
  episode: {
    list: EVERYONE,
    read: EVERYONE,
    create: CONTENT_EDITORS,
    update: CONTENT_EDITORS,
    delete: CONTENT_EDITORS,
  },
  group: {
    list: [SA, A, ST, T],
    read: [SA, A, ST, T],
    create: [A],
    update: [A],
    delete: [A],
    archive: [A],
    assign: [SA, A, ST],
  },
  evaluation: {
    list: EVERYONE,
    read: EVERYONE,
    create: CONTENT_EDITORS,
    update: CONTENT_EDITORS,
    delete: CONTENT_EDITORS,
    archive: CONTENT_EDITORS,
    /** Extra time for one student at one exam (an accommodation). */
    assign: CONTENT_EDITORS,
  },
  /** The quiz items of an online exam, with their answer key: staff only. */
  question: {
    list: CONTENT_EDITORS,
    read: CONTENT_EDITORS,
    create: CONTENT_EDITORS,
    update: CONTENT_EDITORS,
    delete: CONTENT_EDITORS,
  },
  /**
   * A student's run at an exam: the student starts it (create), saves answers and hands it in
   * (update); staff follow the attempts of the evaluations in their scope.
   */
  /**
   * A question of a subject's bank (decision 191), with its key: those who set the subject's exams
   * keep it, version it and archive it; exams copy from it.
   */
  bank_question: {
    list: CONTENT_EDITORS,
    read: CONTENT_EDITORS,
    create: CONTENT_EDITORS,
    update: CONTENT_EDITORS,
    archive: CONTENT_EDITORS,
  },
  /**
   * A subject's library of rubrics and marking guides (issue 31): those who set its evaluations
   * keep it; an evaluation's own rubric changes with the evaluation (`evaluation:update`).
   */
  rubric: { list: CONTENT_EDITORS, create: CONTENT_EDITORS, archive: CONTENT_EDITORS },
  attempt: { list: CONTENT_EDITORS, read: EVERYONE, create: [S], update: [S] },
  /** A project hand-in: the student uploads versions; staff read and download them. */
  submission: { list: STAFF, read: EVERYONE, create: [S] },
  /**
   * A student's grade at an evaluation: staff grade (create, update; delete clears a grade, the
   * history keeps it) and publish (update); a student reads their own once published.
   */
  result: {
    list: STAFF,
    read: EVERYONE,
    create: CONTENT_EDITORS,
    update: CONTENT_EDITORS,
    delete: CONTENT_EDITORS,
  },
  /** The append-only history of a result: staff read it, nobody writes it but the grading itself. */
  grade_change: { list: CONTENT_EDITORS },
  /**
   * Everyone keeps a personal agenda; the API lets each write only their own events, and the
   * institution's events to its admins (policy/calendar.ts). Staff publish to an audience (assign):
   * the promotions and groups they may read, and the institutions they may assign to.
   */
  event: {
    list: EVERYONE,
    read: EVERYONE,
    create: EVERYONE,
    update: EVERYONE,
    delete: EVERYONE,
    assign: STAFF,
  },
  /** Each user's private iCal feed: their own only (policy.ts). */
  calendar_feed: { read: EVERYONE, create: EVERYONE, delete: EVERYONE },
  /** CSV imports of students and teachers, and their history. */
  import: { list: [A], create: [A] },
  /** Uploaded files: readable as the row that links them is (policy.ts). */
  file: { read: [...EVERYONE] },
  /** A student's own reading of the chapters they may read: the student space and its bars. */
  progress: { list: [S], read: [S], update: [S] },
  /**
   * A student's own record: their published results and their transcript (`/api/me/results`,
   * `/api/me/transcript`). Staff read a student's results and transcript as `result:list`.
   */
  record: { read: [S] },
  /** The audit log: an admin reads their institution's rows, the super-admin every row. */
  audit: { list: [SA, A] },
  /**
   * The sessions attendance is taken on (issue 32): staff list them and open them (create), the
   * trainer and the institution's admins and super-teachers take the roll call, correct it and
   * close it (update: policy/attendance.ts), and remove a session created by hand (delete).
   */
  attendance: {
    list: [A, ST, T],
    read: [A, ST, T],
    create: [A, ST, T],
    update: [A, ST, T],
    delete: [A, ST, T],
  },
  /**
   * A learner's own attendance: they check in with a code and sign their half-days (create), and
   * read their own rates (list).
   */
  presence: { list: [S], create: [S] },
  /**
   * Justifications of absences (decision 199): a learner sends and reads their own; an admin or
   * a super-teacher reads their institution's and accepts or refuses them (update).
   */
  justification: { list: [A, ST, S], read: [A, ST, S], create: [S], update: [A, ST] },
  /**
   * Each person's own notifications (decision 200): they list them, follow the live stream and
   * mark them read (update); the policy keeps everyone to their own rows.
   */
  notification: { list: EVERYONE, read: EVERYONE, update: EVERYONE },
  /**
   * Announcements (decision 201): staff post to the audiences they reach and edit or withdraw
   * (delete) their own, an admin or a super-teacher any of their institution's; learners read
   * those aimed at them.
   */
  announcement: {
    list: [A, ST, T, S],
    read: [A, ST, T, S],
    create: [A, ST, T],
    update: [A, ST, T],
    delete: [A, ST, T],
  },
  /**
   * Discussions per subject (decision 202): whoever reads a subject lists its threads and opens
   * one; staff moderate (update: question flag, accepted answer) and remove a whole thread.
   */
  discussion: {
    list: [A, ST, T, S],
    read: [A, ST, T, S],
    create: [A, ST, T, S],
    update: [A, ST, T],
    delete: [A, ST, T],
  },
  /**
   * A thread's posts: its readers reply; an author edits and removes their own within the edit
   * window; staff remove any post of the subjects they moderate, leaving a trace.
   */
  discussion_post: {
    list: [A, ST, T, S],
    create: [A, ST, T, S],
    update: [A, ST, T, S],
    delete: [A, ST, T, S],
  },
  /** Reports of posts: learners report (create); staff read and dismiss them (delete). */
  discussion_report: { list: [A, ST, T], create: [S], delete: [A, ST, T] },
  /**
   * Conversations (decision 203): their members list and read them; anyone of an institution
   * starts one with people they share a promotion, a group or a subject with.
   */
  conversation: { list: [A, ST, T, S], read: [A, ST, T, S], create: [A, ST, T, S] },
  /** A message in a conversation one is a member of. */
  message: { create: [A, ST, T, S] },
  /** Each person's blocks: whom they blocked, blocking and unblocking. */
  block: { list: [A, ST, T, S], create: [A, ST, T, S], delete: [A, ST, T, S] },
};

export const ENTITIES = Object.keys(GRANTS) as Entity[];

/** True when the role may perform the action on that kind of row at all. */
export function roleMay(role: Role, action: Action, entity: Entity): boolean {
  return GRANTS[entity][action]?.includes(role) ?? false;
}
