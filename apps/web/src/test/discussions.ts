import type {
  DiscussionPeople,
  DiscussionPost,
  DiscussionSubjects,
  DiscussionSummary,
  DiscussionThread,
} from '@skolar/shared';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The reader of the tests (studentInfo): Amina Diallo, a learner. */
export const AMINA = { id: 7, name: 'Amina Diallo', staff: false };
/** A teacher of the subjects. */
export const CLAIRE = { id: 12, name: 'Claire Martin', staff: true };
/** Another learner. */
export const LUCAS = { id: 21, name: 'Lucas Bernard', staff: false };

/** The subjects the reader reads, with their threads' count. */
export const SUBJECTS: DiscussionSubjects['data'] = [
  { id: 3, name: 'Algorithmique', threads: 2 },
  { id: 4, name: 'Bases de données', threads: 1 },
];

/** Whom a post in a subject may mention (the reader left out, as the API does). */
export const PEOPLE: DiscussionPeople['data'] = [
  CLAIRE,
  LUCAS,
  { id: 22, name: 'Éloïse Petit', staff: false },
];

/**
 * A thread of the list: `Discussion <id>` opened by Lucas in Algorithmique, not a question, its
 * last activity `minutes` minutes ago (30 by default).
 */
export function aSummary(
  id: number,
  overrides: Partial<DiscussionSummary> & { minutes?: number } = {},
): DiscussionSummary {
  const { minutes = 30, ...rest } = overrides;
  return {
    id,
    subject: { id: 3, name: 'Algorithmique' },
    title: `Discussion ${id}`,
    author: LUCAS,
    is_question: false,
    answered: false,
    replies: 0,
    created_at: minutesAgo(minutes + 60),
    last_activity_at: minutesAgo(minutes),
    subscribed: false,
    open_reports: 0,
    ...rest,
  };
}

/**
 * A post `<p>Message <id>.</p>` of Lucas, posted `minutes` minutes ago (120 by default: its edit
 * window is past), that the reader may only read unless `can` says more.
 */
export function aPost(
  id: number,
  overrides: Partial<DiscussionPost> & { minutes?: number } = {},
): DiscussionPost {
  const { minutes = 120, ...rest } = overrides;
  return {
    id,
    author: LUCAS,
    body: `<p>Message ${id}.</p>`,
    posted_at: minutesAgo(minutes),
    edited_at: null,
    removed: null,
    accepted: false,
    mentions: [],
    attachments: [],
    reports: [],
    editable_until: null,
    can: { update: false, delete: false, report: false, accept: false },
    ...rest,
  };
}

/** A thread with its posts (the first is the opening one), and what the reader may do in it. */
export function aThread(
  id: number,
  posts: DiscussionPost[],
  overrides: Partial<DiscussionThread> = {},
): DiscussionThread {
  return {
    ...aSummary(id),
    replies: Math.max(0, posts.length - 1),
    posts,
    can: { reply: true, moderate: false, delete: false },
    ...overrides,
  };
}

/** The `can` of a post one may edit and remove (one's own, within its window). */
export const MINE = { update: true, delete: true, report: false, accept: false };
/** The `can` of another's post, for a learner. */
export const REPORTABLE = { update: false, delete: false, report: true, accept: false };
/** The `can` of a reply, for staff. */
export const MODERATED = { update: false, delete: true, report: false, accept: true };

/** Until when a post posted now may be edited. */
export const windowEnd = (minutesLeft = 25) =>
  new Date(Date.now() + minutesLeft * 60_000).toISOString();
