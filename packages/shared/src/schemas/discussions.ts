import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { requiredText } from './common-fields.ts';

// Discussions per subject (issue 33, decision 202): the people who read a subject open threads and
// reply in rich text; a thread may be a question whose accepted answer staff choose; readers
// subscribe, mention each other, edit their posts for a while, report; staff remove with a trace.

/** How long an author may edit or delete their own post, in minutes. */
export const DISCUSSION_EDIT_MINUTES = 30;

/** A post's text is at most this long (HTML, as the chapters' editor writes it). */
export const DISCUSSION_POST_MAX_LENGTH = 20_000;

/** At most this many people mentioned in one post. */
export const DISCUSSION_MAX_MENTIONS = 20;

/** At most this many files attached to one post. */
export const DISCUSSION_MAX_ATTACHMENTS = 5;

/** A file attached to a post: a PDF or a picture, uploaded first (`POST /api/discussions/attachments`). */
export const discussionAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type DiscussionAttachment = Wire<z.output<typeof discussionAttachment>>;

/** The files a new post carries, by the ids their uploads answered (the author's own, unused). */
const attachmentsField = z
  .array(z.number().int().positive(), { error: 'discussions.validation.attachment' })
  .max(DISCUSSION_MAX_ATTACHMENTS, { error: 'discussions.validation.attachment' })
  .default([]);

/** The people a post mentions (`@name`), by id: each must be able to read the thread. */
const mentionsField = z
  .array(z.number().int().positive(), { error: 'discussions.validation.mention' })
  .max(DISCUSSION_MAX_MENTIONS, { error: 'discussions.validation.mention' })
  .default([]);

const postBodyField = requiredText(DISCUSSION_POST_MAX_LENGTH);

/** `POST /api/discussions`: a new thread in a subject, with its opening post. */
export const discussionThreadBody = z.object({
  subject_id: z.number({ error: 'validation.required' }).int().positive(),
  title: requiredText(200),
  body: postBodyField,
  is_question: z.boolean().default(false),
  mentions: mentionsField,
  attachment_ids: attachmentsField,
});
export type DiscussionThreadBody = z.input<typeof discussionThreadBody>;

/** `POST /api/discussions/:id/posts`: a reply. */
export const discussionReplyBody = z.object({
  body: postBodyField,
  mentions: mentionsField,
  attachment_ids: attachmentsField,
});
export type DiscussionReplyBody = z.input<typeof discussionReplyBody>;

/**
 * `PATCH /api/discussion-posts/:id`: its author, within the edit window; `title` only on a
 * thread's opening post. Mentions added by the edit are told; those already told are not again.
 */
export const discussionPostPatch = z.object({
  body: postBodyField.optional(),
  title: requiredText(200).optional(),
  mentions: mentionsField.optional(),
});
export type DiscussionPostPatch = z.input<typeof discussionPostPatch>;

/** `PATCH /api/discussions/:id`: staff mark a thread a question (or not) and accept an answer. */
export const discussionThreadPatch = z.object({
  is_question: z.boolean().optional(),
  /** A reply of the thread; null: none accepted. */
  accepted_post_id: z.number().int().positive().nullable().optional(),
});
export type DiscussionThreadPatch = z.input<typeof discussionThreadPatch>;

/** `POST /api/discussion-posts/:id/report`: what is wrong with it. */
export const discussionReportBody = z.object({ reason: requiredText(500) });
export type DiscussionReportBody = z.input<typeof discussionReportBody>;

/** `PUT /api/discussions/:id/subscription`. */
export const discussionSubscription = z.object({ subscribed: z.boolean() });
export type DiscussionSubscription = z.input<typeof discussionSubscription>;

export const DISCUSSION_FILTERS = ['all', 'questions', 'unanswered', 'subscribed'] as const;

/** `GET /api/discussions?subject_id=&filter=&page=`. */
export const discussionListQuery = z.object({
  subject_id: z.coerce.number().int().positive().optional(),
  filter: z.enum(DISCUSSION_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).default(1),
});

const person = z.object({ id: z.number().int(), name: z.string(), staff: z.boolean() });

/** A thread as lists show it. */
export const discussionSummary = z.object({
  id: z.number().int(),
  subject: z.object({ id: z.number().int(), name: z.string() }),
  title: z.string(),
  author: person,
  is_question: z.boolean(),
  answered: z.boolean(),
  replies: z.number().int(),
  created_at: z.date(),
  last_activity_at: z.date(),
  subscribed: z.boolean(),
  /** Reports not yet dealt with, on its posts: for staff; 0 for learners. */
  open_reports: z.number().int(),
});
export type DiscussionSummary = Wire<z.output<typeof discussionSummary>>;

export const discussionList = z.object({
  data: z.array(discussionSummary),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type DiscussionList = Wire<z.output<typeof discussionList>>;

export const discussionPost = z.object({
  id: z.number().int(),
  author: person,
  /** Sanitised HTML; null once removed. */
  body: z.string().nullable(),
  posted_at: z.date(),
  edited_at: z.date().nullable(),
  /** When and by whom it was removed: its author, or staff (a trace stays in the thread). */
  removed: z.object({ at: z.date(), by_staff: z.boolean() }).nullable(),
  accepted: z.boolean(),
  mentions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Its files (none once removed), served at `/api/files/<id>`. */
  attachments: z.array(discussionAttachment),
  /** Its open reports' reasons: for staff; empty for learners. */
  reports: z.array(z.object({ reason: z.string(), at: z.date() })),
  /** Until when its author may still edit or remove it; null when the window is past. */
  editable_until: z.date().nullable(),
  can: z.object({
    update: z.boolean(),
    delete: z.boolean(),
    report: z.boolean(),
    accept: z.boolean(),
  }),
});
export type DiscussionPost = Wire<z.output<typeof discussionPost>>;

/** `GET /api/discussions/:id`: the thread, its opening post first, then the replies in order. */
export const discussionThread = discussionSummary.extend({
  posts: z.array(discussionPost),
  can: z.object({ reply: z.boolean(), moderate: z.boolean(), delete: z.boolean() }),
});
export type DiscussionThread = Wire<z.output<typeof discussionThread>>;

/** `GET /api/discussions/people?subject_id=`: whom a post in that subject may mention. */
export const discussionPeople = z.object({ data: z.array(person) });
export type DiscussionPeople = Wire<z.output<typeof discussionPeople>>;

/** `GET /api/discussions/subjects`: the subjects whose discussions the actor reads, with counts. */
export const discussionSubjects = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), threads: z.number().int() })),
});
export type DiscussionSubjects = Wire<z.output<typeof discussionSubjects>>;
