import type { MultipartFile } from '@fastify/multipart';
import {
  DISCUSSION_EDIT_MINUTES,
  type DiscussionPostPatch,
  type DiscussionReplyBody,
  type DiscussionReportBody,
  type DiscussionThreadBody,
  type DiscussionThreadPatch,
  roleMay,
} from '@skolar/shared';
import { deleteEvent, record } from '../../audit/audit.ts';
import { can, mentionScope, permissionsOf, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { saveUpload } from '../../files/uploads.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { sanitizeRichText } from '../../http/sanitize.ts';
import { signalLive } from '../../notify/notify.queries.ts';
import { notify } from '../../notify/notify.ts';
import { subjectReaders, teachersOfSubject } from '../../notify/recipients.queries.ts';
import {
  attachmentsOf,
  dismissOpenReports,
  dropNotificationsOf,
  followersOf,
  hadOpenReport,
  insertAttachments,
  insertMentions,
  insertPost,
  insertReport,
  insertThread,
  lockPost,
  lockThread,
  markUnused,
  mentionsOf,
  openReportsOf,
  postsOf,
  setSubscription,
  subjectIn,
  subjectsWithThreads,
  type ThreadFilter,
  type ThreadRow,
  threadIn,
  threadsIn,
  unusedUploads,
  updatePost,
  updateThread,
  userName,
} from './discussions.queries.ts';

// Discussions per subject (issue 33, decision 202). Whoever reads a subject reads its threads
// (the policy's thread rule is the subject's); everyone told of a post (followers, mentioned
// people, the subject's teachers) is first checked to read the subject still, so a notification
// never names a thread to someone who may not open it.

const PER_PAGE = 25;
const fullName = (first: string, last: string) => `${first} ${last}`;
const threadLink = (threadId: number) => `/discussions/${threadId}`;
const postLink = (threadId: number, postId: number) => `/discussions/${threadId}#post-${postId}`;

function summary(row: ThreadRow, withReports: boolean) {
  return {
    id: row.id,
    subject: { id: row.subject_id, name: row.subject_name },
    title: row.title,
    author: {
      id: row.author_id,
      name: fullName(row.author_first_name, row.author_last_name),
      staff: row.author_staff === true || (row.author_staff as unknown) === 't',
    },
    is_question: row.is_question,
    answered: row.accepted_post_id !== null,
    replies: Number(row.replies),
    created_at: row.opened_at,
    last_activity_at: row.last_activity_at,
    subscribed: row.subscribed === true || (row.subscribed as unknown) === 't',
    open_reports: withReports ? Number(row.open_reports) : 0,
  };
}

/** Whether the actor reads the reports of posts (staff), from the grants. */
const readsReports = (actor: Actor) => roleMay(actor.role, 'list', 'discussion_report');

/** `GET /api/discussions`: one page, latest activity first. */
export async function list(
  ctx: AppContext,
  actor: Actor,
  query: { subject_id?: number; filter: ThreadFilter; page: number },
) {
  const { rows, total } = await threadsIn(ctx.db, can(actor, 'list', 'discussion').where, {
    userId: actor.userId,
    subjectId: query.subject_id,
    filter: query.filter,
    limit: PER_PAGE,
    offset: (query.page - 1) * PER_PAGE,
  });
  return {
    data: rows.map((row) => summary(row, readsReports(actor))),
    meta: { page: query.page, per_page: PER_PAGE, total },
  };
}

/** `GET /api/discussions/subjects`: the subjects the actor reads, with their threads' count. */
export async function subjects(ctx: AppContext, actor: Actor) {
  const rows = await subjectsWithThreads(
    ctx.db,
    can(actor, 'read', 'subject').where,
    can(actor, 'list', 'discussion').where,
  );
  return { data: rows.map((row) => ({ ...row, threads: Number(row.threads) })) };
}

/** The subject if the actor reads it; 422 on `subject_id` otherwise. */
async function readableSubject(db: DbOrTx, actor: Actor, subjectId: number) {
  const subject = await subjectIn(db, can(actor, 'read', 'subject').where, subjectId);
  if (!subject) throw validationFailed({ subject_id: ['discussions.validation.subject'] });
  return subject;
}

/** `GET /api/discussions/people`: whom the actor may mention in the subject. */
export async function people(ctx: AppContext, actor: Actor, subjectId: number) {
  const subject = await subjectIn(ctx.db, can(actor, 'read', 'subject').where, subjectId);
  if (!subject) throw notFound();
  const rows = await subjectReaders(ctx.db, subjectId, mentionScope(actor));
  return {
    data: rows
      .filter((row) => row.id !== actor.userId)
      .map((row) => ({
        id: row.id,
        name: fullName(row.first_name, row.last_name),
        staff: row.staff === true || (row.staff as unknown) === 't',
      })),
  };
}

/** 422 on `mentions` unless each is someone the actor may mention who reads the subject. */
async function checkMentions(db: DbOrTx, actor: Actor, subjectId: number, mentions: number[]) {
  const wanted = [...new Set(mentions)].filter((id) => id !== actor.userId);
  if (wanted.length === 0) return [];
  const allowed = new Set(
    (await subjectReaders(db, subjectId, mentionScope(actor))).map((row) => row.id),
  );
  if (wanted.some((id) => !allowed.has(id))) {
    throw validationFailed({ mentions: ['discussions.validation.mention'] });
  }
  return wanted;
}

/** Those of `ids` who read the subject now (the notifications' last check). */
async function readersAmong(db: DbOrTx, subjectId: number, ids: Iterable<number>) {
  const readers = new Set((await subjectReaders(db, subjectId)).map((row) => row.id));
  return [...new Set(ids)].filter((id) => readers.has(id));
}

/** Tells the newly mentioned people of a post. */
async function tellMentioned(
  ctx: AppContext,
  tx: DbOrTx,
  thread: { id: number; title: string; subject_id: number },
  postId: number,
  mentioned: number[],
  author: string,
) {
  await notify(ctx, tx, await readersAmong(tx, thread.subject_id, mentioned), {
    type: 'mention',
    params: { author, title: thread.title },
    link: postLink(thread.id, postId),
    key: `mention:${postId}`,
  });
}

/** The actor's name as the notifications say it. */
async function nameOf(db: DbOrTx, actor: Actor) {
  const row = await userName(db, actor.userId);
  return row ? fullName(row.first_name, row.last_name) : '';
}

/** The end of a post's edit window: an instant, so a span of minutes, not calendar maths. */
const windowEnd = (postedAt: Date) =>
  new Date(postedAt.getTime() + DISCUSSION_EDIT_MINUTES * 60_000);
/** `POST /api/discussions/attachments`: stored as the actor's until a post of theirs carries it. */
export async function upload(ctx: AppContext, actor: Actor, part: MultipartFile) {
  const saved = await ctx.db.transaction(async (tx) => {
    const file = await saveUpload(ctx, tx, {
      kind: 'discussion/attachment',
      ownerId: actor.userId,
      institutionId: actor.institutionId,
      part,
    });
    await markUnused(tx, file.id, ctx.clock.now());
    return file;
  });
  return { id: saved.id, name: saved.name, mime: saved.mime, size: saved.size };
}

/** 422 on `attachment_ids` unless each is an upload of the actor's that no post carries yet. */
async function checkAttachments(db: DbOrTx, actor: Actor, ids: number[]) {
  const wanted = [...new Set(ids)];
  const usable = await unusedUploads(db, actor.userId, wanted);
  if (usable.length !== wanted.length) {
    throw validationFailed({ attachment_ids: ['discussions.validation.attachment'] });
  }
  return wanted;
}

const withinWindow = (postedAt: Date, now: Date) => now < windowEnd(postedAt);

/** A thread as its reader sees it, with its posts; 404 unless the actor reads it. */
export async function read(ctx: AppContext, actor: Actor, id: number) {
  const row = await threadIn(ctx.db, can(actor, 'read', 'discussion').where, id, actor.userId);
  if (!row) throw notFound();
  const posts = await postsOf(ctx.db, id);
  const ids = posts.map(({ post }) => post.id);
  const staffView = readsReports(actor);
  const [mentions, attachments, reports, postPermissions, threadPermissions] = await Promise.all([
    mentionsOf(ctx.db, ids),
    attachmentsOf(ctx.db, ids),
    staffView ? openReportsOf(ctx.db, ids) : Promise.resolve([]),
    permissionsOf(ctx.db, actor, 'discussion_post', ids),
    permissionsOf(ctx.db, actor, 'discussion', [id]),
  ]);
  const moderator = threadPermissions.get(id)?.update ?? false;
  const reporter = roleMay(actor.role, 'create', 'discussion_report');
  const now = ctx.clock.now();
  return {
    ...summary(row, staffView),
    posts: posts.map(({ post, ...author }) => {
      const removed = post.removed_at !== null;
      const mine = post.author_id === actor.userId;
      const open = withinWindow(post.posted_at, now);
      const permissions = postPermissions.get(post.id);
      return {
        id: post.id,
        author: {
          id: post.author_id,
          name: fullName(author.author_first_name, author.author_last_name),
          staff: author.author_staff === true || (author.author_staff as unknown) === 't',
        },
        body: removed ? null : post.body,
        posted_at: post.posted_at,
        edited_at: post.edited_at,
        removed: removed ? { at: post.removed_at!, by_staff: post.removed_by_staff } : null,
        accepted: row.accepted_post_id === post.id,
        mentions: mentions
          .filter((mention) => mention.post_id === post.id)
          .map((mention) => ({
            id: mention.user_id,
            name: fullName(mention.first_name, mention.last_name),
          })),
        attachments: removed
          ? []
          : attachments
              .filter((file) => file.post_id === post.id)
              .map(({ id, name, mime, size }) => ({ id, name, mime, size: Number(size) })),
        reports: reports
          .filter((report) => report.post_id === post.id && !removed)
          .map(({ reason, at }) => ({ reason, at })),
        editable_until: mine && !removed && open ? windowEnd(post.posted_at) : null,
        can: {
          update: (permissions?.update ?? false) && !removed && open,
          delete: (permissions?.delete ?? false) && !removed && (moderator || open),
          report: reporter && !mine && !removed,
          accept: moderator && !post.is_opening && !removed,
        },
      };
    }),
    can: {
      reply: roleMay(actor.role, 'create', 'discussion_post'),
      moderate: moderator,
      delete: threadPermissions.get(id)?.delete ?? false,
    },
  };
}

/**
 * `POST /api/discussions`: the thread and its opening post; its author follows it; the subject's
 * teachers are told of it, the people mentioned of their mention (once each).
 */
export async function create(ctx: AppContext, actor: Actor, input: DiscussionThreadBody) {
  const body = input as Required<DiscussionThreadBody>;
  const subject = await readableSubject(ctx.db, actor, body.subject_id);
  const mentioned = await checkMentions(ctx.db, actor, subject.id, body.mentions);
  const attached = await checkAttachments(ctx.db, actor, body.attachment_ids);
  await ctx.limits.hit('post:account', String(actor.userId));
  const author = await nameOf(ctx.db, actor);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const threadId = await insertThread(tx, {
      institution_id: subject.institution_id,
      subject_id: subject.id,
      author_id: actor.userId,
      title: body.title,
      is_question: body.is_question,
      opened_at: now,
      last_activity_at: now,
    });
    const postId = await insertPost(tx, {
      thread_id: threadId,
      author_id: actor.userId,
      is_opening: true,
      body: sanitizeRichText(body.body, new Set()),
      posted_at: now,
    });
    await insertMentions(tx, postId, mentioned);
    await insertAttachments(tx, postId, attached);
    await setSubscription(tx, threadId, actor.userId, true);
    const thread = { id: threadId, title: body.title, subject_id: subject.id };
    const teachers = (await teachersOfSubject(tx, subject.id)).filter(
      (teacher) => teacher !== actor.userId && !mentioned.includes(teacher),
    );
    await notify(ctx, tx, await readersAmong(tx, subject.id, teachers), {
      type: 'discussion_thread',
      params: { author, title: body.title, subject: subject.name },
      link: threadLink(threadId),
      key: `thread:${threadId}`,
    });
    await tellMentioned(ctx, tx, thread, postId, mentioned, author);
    return threadId;
  });
  return read(ctx, actor, id);
}

/** One post of a thread as the actor sees it. */
async function postOf(ctx: AppContext, actor: Actor, threadId: number, postId: number) {
  const thread = await read(ctx, actor, threadId);
  const post = thread.posts.find((item) => item.id === postId);
  if (!post) throw notFound();
  return post;
}

/**
 * `POST /api/discussions/:id/posts`: a reply; its author follows the thread (unless they stopped
 * following it); its followers are told, and the people it mentions of their mention instead.
 */
export async function reply(
  ctx: AppContext,
  actor: Actor,
  threadId: number,
  input: DiscussionReplyBody,
) {
  const body = input as Required<DiscussionReplyBody>;
  const visible = await threadIn(
    ctx.db,
    can(actor, 'read', 'discussion').where,
    threadId,
    actor.userId,
  );
  if (!visible) throw notFound();
  const mentioned = await checkMentions(ctx.db, actor, visible.subject_id, body.mentions);
  const attached = await checkAttachments(ctx.db, actor, body.attachment_ids);
  await ctx.limits.hit('post:account', String(actor.userId));
  const author = await nameOf(ctx.db, actor);
  const now = ctx.clock.now();
  const postId = await ctx.db.transaction(async (tx) => {
    const thread = await lockThread(tx, threadId);
    if (!thread || thread.removed_at !== null) throw notFound();
    const id = await insertPost(tx, {
      thread_id: threadId,
      author_id: actor.userId,
      body: sanitizeRichText(body.body, new Set()),
      posted_at: now,
    });
    await updateThread(tx, threadId, { last_activity_at: now });
    await insertMentions(tx, id, mentioned);
    await insertAttachments(tx, id, attached);
    await setSubscription(tx, threadId, actor.userId, true, true);
    const followers = (await followersOf(tx, threadId)).filter(
      (follower) => follower !== actor.userId && !mentioned.includes(follower),
    );
    await notify(ctx, tx, await readersAmong(tx, thread.subject_id, followers), {
      type: 'discussion_reply',
      params: { author, title: thread.title },
      link: postLink(threadId, id),
      key: `reply:${id}`,
    });
    await tellMentioned(ctx, tx, thread, id, mentioned, author);
    return id;
  });
  return postOf(ctx, actor, threadId, postId);
}

/**
 * `PATCH /api/discussion-posts/:id`: its author, within the edit window (409 after); the title
 * on an opening post; people newly mentioned are told.
 */
export async function edit(
  ctx: AppContext,
  actor: Actor,
  postId: number,
  patch: DiscussionPostPatch,
) {
  await requireAccess(ctx.db, actor, 'update', 'discussion_post', postId);
  const now = ctx.clock.now();
  const threadId = await ctx.db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (!post || post.removed_at !== null) throw notFound();
    if (!withinWindow(post.posted_at, now)) throw conflict('discussions.validation.closed');
    if (patch.title !== undefined && !post.is_opening) {
      throw validationFailed({ title: ['discussions.validation.title'] });
    }
    const thread = (await lockThread(tx, post.thread_id))!;
    const mentioned =
      patch.mentions === undefined
        ? []
        : await checkMentions(tx, actor, thread.subject_id, patch.mentions);
    if (patch.body !== undefined) {
      await updatePost(tx, postId, {
        body: sanitizeRichText(patch.body, new Set()),
        edited_at: now,
      });
    }
    if (patch.title !== undefined) await updateThread(tx, thread.id, { title: patch.title });
    const added = await insertMentions(tx, postId, mentioned);
    if (added.length > 0) {
      const author = await nameOf(tx, actor);
      await tellMentioned(
        ctx,
        tx,
        { ...thread, title: patch.title ?? thread.title },
        postId,
        added,
        author,
      );
    }
    return thread.id;
  });
  return postOf(ctx, actor, threadId, postId);
}

/**
 * `DELETE /api/discussion-posts/:id`: its author within the edit window, or staff who moderate
 * the thread at any time; the post stays as a trace, its notifications go, the audit log keeps
 * what it said.
 */
export async function removePost(ctx: AppContext, actor: Actor, postId: number) {
  await requireAccess(ctx.db, actor, 'delete', 'discussion_post', postId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (!post || post.removed_at !== null) return;
    const thread = (await lockThread(tx, post.thread_id))!;
    const moderator =
      (await permissionsOf(tx, actor, 'discussion', [thread.id])).get(thread.id)?.update ?? false;
    if (!moderator && !withinWindow(post.posted_at, now)) {
      throw conflict('discussions.validation.closed');
    }
    await updatePost(tx, postId, {
      removed_at: now,
      removed_by: actor.userId,
      removed_by_staff: post.author_id !== actor.userId,
    });
    if (thread.accepted_post_id === postId) {
      await updateThread(tx, thread.id, { accepted_post_id: null });
    }
    if ((await dropNotificationsOf(tx, thread.id, postId)) > 0) await signalLive(tx);
    await record(tx, ctx, actor, {
      ...deleteEvent('discussion_post', postId),
      institutionId: thread.institution_id,
      before: { thread: thread.title, author_id: post.author_id, body: post.body },
    });
  });
}

/** `DELETE /api/discussions/:id`: staff remove a whole thread; its notifications go; audited. */
export async function removeThread(ctx: AppContext, actor: Actor, threadId: number) {
  await requireAccess(ctx.db, actor, 'delete', 'discussion', threadId);
  await ctx.db.transaction(async (tx) => {
    const thread = await lockThread(tx, threadId);
    if (!thread || thread.removed_at !== null) return;
    await updateThread(tx, threadId, { removed_at: ctx.clock.now(), removed_by: actor.userId });
    if ((await dropNotificationsOf(tx, threadId)) > 0) await signalLive(tx);
    await record(tx, ctx, actor, {
      ...deleteEvent('discussion', threadId),
      institutionId: thread.institution_id,
      before: { title: thread.title, author_id: thread.author_id },
    });
  });
}

/**
 * `PATCH /api/discussions/:id`: staff mark a question and accept one of its replies; the
 * answer's author and the thread's are told (once per answer).
 */
export async function moderate(
  ctx: AppContext,
  actor: Actor,
  threadId: number,
  patch: DiscussionThreadPatch,
) {
  await requireAccess(ctx.db, actor, 'update', 'discussion', threadId);
  await ctx.db.transaction(async (tx) => {
    const thread = (await lockThread(tx, threadId))!;
    let accepted: { id: number; author_id: number } | undefined;
    if (patch.accepted_post_id != null) {
      const post = await lockPost(tx, patch.accepted_post_id);
      if (!post || post.thread_id !== threadId || post.is_opening || post.removed_at !== null) {
        throw validationFailed({ accepted_post_id: ['discussions.validation.answer'] });
      }
      accepted = post;
    }
    await updateThread(tx, threadId, {
      ...(patch.is_question === undefined ? {} : { is_question: patch.is_question }),
      ...(patch.accepted_post_id === undefined ? {} : { accepted_post_id: patch.accepted_post_id }),
      // An accepted answer makes the thread a question.
      ...(accepted ? { is_question: true } : {}),
    });
    if (accepted && accepted.id !== thread.accepted_post_id) {
      const told = [accepted.author_id, thread.author_id].filter((id) => id !== actor.userId);
      await notify(ctx, tx, await readersAmong(tx, thread.subject_id, told), {
        type: 'answer_accepted',
        params: { title: thread.title },
        link: postLink(threadId, accepted.id),
        key: `accepted:${accepted.id}`,
      });
    }
  });
  return read(ctx, actor, threadId);
}

/** `PUT /api/discussions/:id/subscription`. */
export async function subscribe(
  ctx: AppContext,
  actor: Actor,
  threadId: number,
  subscribed: boolean,
) {
  await requireAccess(ctx.db, actor, 'read', 'discussion', threadId);
  await setSubscription(ctx.db, threadId, actor.userId, subscribed);
  return { subscribed };
}

/** The post (visible to the actor) and its thread; 404 otherwise. */
async function visiblePost(db: DbOrTx, actor: Actor, postId: number) {
  await requireAccess(db, actor, 'list', 'discussion_post', postId);
  const post = (await lockPost(db, postId))!;
  const thread = (await lockThread(db, post.thread_id))!;
  return { post, thread };
}

/**
 * `POST /api/discussion-posts/:id/report`: once per person and post; the subject's teachers (the
 * institution's staff when it has none) are told when a post gets its first open report.
 */
export async function report(
  ctx: AppContext,
  actor: Actor,
  postId: number,
  body: DiscussionReportBody,
) {
  await ctx.limits.hit('post:account', String(actor.userId));
  await ctx.db.transaction(async (tx) => {
    const { post, thread } = await visiblePost(tx, actor, postId);
    if (post.removed_at !== null) throw notFound();
    if (post.author_id === actor.userId) throw conflict('discussions.validation.ownPost');
    const earlier = await hadOpenReport(tx, postId, actor.userId);
    const created = await insertReport(tx, {
      post_id: postId,
      reporter_id: actor.userId,
      reason: body.reason,
      reported_at: ctx.clock.now(),
    });
    if (!created || earlier) return;
    const teachers = await readersAmong(
      tx,
      thread.subject_id,
      await teachersOfSubject(tx, thread.subject_id),
    );
    const staff =
      teachers.length > 0
        ? teachers
        : (await subjectReaders(tx, thread.subject_id))
            .filter((row) => row.staff === true || (row.staff as unknown) === 't')
            .map((row) => row.id);
    const subject = await subjectIn(tx, can(actor, 'read', 'subject').where, thread.subject_id);
    await notify(ctx, tx, staff, {
      type: 'post_reported',
      params: { title: thread.title, subject: subject?.name ?? '' },
      link: postLink(thread.id, postId),
      key: `report:${postId}:${ctx.clock.now().getTime()}`,
    });
  });
}

/**
 * `DELETE /api/discussion-posts/:id/reports`: staff who moderate the thread keep the post; the
 * audit log keeps the reports they dismissed.
 */
export async function dismissReports(ctx: AppContext, actor: Actor, postId: number) {
  const { thread } = await visiblePost(ctx.db, actor, postId);
  await requireAccess(ctx.db, actor, 'update', 'discussion', thread.id);
  await ctx.db.transaction(async (tx) => {
    const dismissed = await dismissOpenReports(tx, postId, ctx.clock.now());
    await record(tx, ctx, actor, {
      ...deleteEvent('discussion_report', postId),
      institutionId: thread.institution_id,
      before: { post_id: postId, reports: dismissed },
    });
  });
}
