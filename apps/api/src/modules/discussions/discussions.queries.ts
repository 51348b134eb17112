import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  like,
  lt,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  discussionAttachments,
  discussionMentions,
  discussionPosts,
  discussionReports,
  discussionSubscriptions,
  discussionThreads,
  files,
  notifications,
  subjects,
  users,
} from '../../db/schema/index.ts';

export type NewThread = typeof discussionThreads.$inferInsert;
export type NewPost = typeof discussionPosts.$inferInsert;

const STAFF = sql<boolean>`${users.role} <> 'student'`;

const replies = sql<number>`(select count(*)::int from ${discussionPosts} where ${discussionPosts.thread_id} = ${discussionThreads.id} and not ${discussionPosts.is_opening} and ${discussionPosts.removed_at} is null)`;

const openReports = sql<number>`(select count(*)::int from ${discussionReports} join ${discussionPosts} on ${discussionPosts.id} = ${discussionReports.post_id} where ${discussionPosts.thread_id} = ${discussionThreads.id} and ${discussionReports.dismissed_at} is null and ${discussionPosts.removed_at} is null)`;

const subscribedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${discussionSubscriptions} where ${discussionSubscriptions.thread_id} = ${discussionThreads.id} and ${discussionSubscriptions.user_id} = ${userId} and ${discussionSubscriptions.subscribed})`;

const FILTERS = {
  all: undefined,
  questions: eq(discussionThreads.is_question, true),
  unanswered: and(
    eq(discussionThreads.is_question, true),
    isNull(discussionThreads.accepted_post_id),
  ),
  subscribed: undefined,
} as const;

export type ThreadFilter = keyof typeof FILTERS;

const summaryColumns = (userId: number) => ({
  id: discussionThreads.id,
  subject_id: discussionThreads.subject_id,
  subject_name: subjects.name,
  title: discussionThreads.title,
  author_id: discussionThreads.author_id,
  author_first_name: users.first_name,
  author_last_name: users.last_name,
  author_staff: STAFF,
  is_question: discussionThreads.is_question,
  accepted_post_id: discussionThreads.accepted_post_id,
  replies,
  opened_at: discussionThreads.opened_at,
  last_activity_at: discussionThreads.last_activity_at,
  subscribed: subscribedBy(userId),
  open_reports: openReports,
});

export type ThreadRow = Awaited<ReturnType<typeof threadsIn>>['rows'][number];

/** One page of the threads within `scope`, latest activity first, with the total. */
export async function threadsIn(
  db: DbOrTx,
  scope: SQL,
  options: {
    userId: number;
    subjectId?: number;
    filter: ThreadFilter;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    scope,
    options.subjectId === undefined
      ? undefined
      : eq(discussionThreads.subject_id, options.subjectId),
    options.filter === 'subscribed' ? subscribedBy(options.userId) : FILTERS[options.filter],
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns(options.userId))
      .from(discussionThreads)
      .innerJoin(subjects, eq(subjects.id, discussionThreads.subject_id))
      .innerJoin(users, eq(users.id, discussionThreads.author_id))
      .where(where)
      .orderBy(desc(discussionThreads.last_activity_at), desc(discussionThreads.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(discussionThreads).where(where),
  ]);
  return { rows, total: Number(total?.count ?? 0) };
}

/** The thread of `id` within `scope`, or none. */
export async function threadIn(db: DbOrTx, scope: SQL, id: number, userId: number) {
  const [row] = await db
    .select(summaryColumns(userId))
    .from(discussionThreads)
    .innerJoin(subjects, eq(subjects.id, discussionThreads.subject_id))
    .innerJoin(users, eq(users.id, discussionThreads.author_id))
    .where(and(scope, eq(discussionThreads.id, id)));
  return row;
}

/** The thread's posts in order, with their authors. */
export function postsOf(db: DbOrTx, threadId: number) {
  return db
    .select({
      post: discussionPosts,
      author_first_name: users.first_name,
      author_last_name: users.last_name,
      author_staff: STAFF,
    })
    .from(discussionPosts)
    .innerJoin(users, eq(users.id, discussionPosts.author_id))
    .where(eq(discussionPosts.thread_id, threadId))
    .orderBy(asc(discussionPosts.id));
}

/** Whom the posts mention, with names. */
export function mentionsOf(db: DbOrTx, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      post_id: discussionMentions.post_id,
      user_id: discussionMentions.user_id,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(discussionMentions)
    .innerJoin(users, eq(users.id, discussionMentions.user_id))
    .where(inArray(discussionMentions.post_id, postIds))
    .orderBy(asc(users.last_name), asc(users.first_name));
}

/** The open reports of the posts. */
export function openReportsOf(db: DbOrTx, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      post_id: discussionReports.post_id,
      reason: discussionReports.reason,
      at: discussionReports.reported_at,
    })
    .from(discussionReports)
    .where(and(inArray(discussionReports.post_id, postIds), isNull(discussionReports.dismissed_at)))
    .orderBy(asc(discussionReports.id));
}

/** The subjects within `scope` (a condition on `subjects`) with their threads' count. */
export function subjectsWithThreads(db: DbOrTx, scope: SQL, threadScope: SQL) {
  return db
    .select({
      id: subjects.id,
      name: subjects.name,
      threads: sql<number>`(select count(*)::int from ${discussionThreads} where ${discussionThreads.subject_id} = ${subjects.id} and ${threadScope})`,
    })
    .from(subjects)
    .where(and(scope, isNull(subjects.archived_at)))
    .orderBy(asc(subjects.name), asc(subjects.id));
}

/** Whether the subject is within `scope` (a condition on `subjects`). */
export async function subjectIn(db: DbOrTx, scope: SQL, subjectId: number) {
  const [row] = await db
    .select({ id: subjects.id, name: subjects.name, institution_id: subjects.institution_id })
    .from(subjects)
    .where(and(scope, eq(subjects.id, subjectId)));
  return row;
}

export async function insertThread(db: DbOrTx, values: NewThread): Promise<number> {
  const [row] = await db
    .insert(discussionThreads)
    .values(values)
    .returning({ id: discussionThreads.id });
  return row!.id;
}

export async function insertPost(db: DbOrTx, values: NewPost): Promise<number> {
  const [row] = await db
    .insert(discussionPosts)
    .values(values)
    .returning({ id: discussionPosts.id });
  return row!.id;
}

/** Records the mentions of a post; answers those that are new. */
export async function insertMentions(db: DbOrTx, postId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(discussionMentions)
    .values(userIds.map((user_id) => ({ post_id: postId, user_id })))
    .onConflictDoNothing()
    .returning({ user_id: discussionMentions.user_id });
  return rows.map((row) => row.user_id);
}

/** Follows or stops following; `onlyIfNew` leaves an earlier choice as it is. */
export async function setSubscription(
  db: DbOrTx,
  threadId: number,
  userId: number,
  subscribed: boolean,
  onlyIfNew = false,
) {
  const insert = db
    .insert(discussionSubscriptions)
    .values({ thread_id: threadId, user_id: userId, subscribed });
  await (onlyIfNew
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({
        target: [discussionSubscriptions.thread_id, discussionSubscriptions.user_id],
        set: { subscribed },
      }));
}

/** Those who follow the thread. */
export async function followersOf(db: DbOrTx, threadId: number) {
  const rows = await db
    .select({ id: discussionSubscriptions.user_id })
    .from(discussionSubscriptions)
    .where(
      and(
        eq(discussionSubscriptions.thread_id, threadId),
        eq(discussionSubscriptions.subscribed, true),
      ),
    );
  return rows.map((row) => row.id);
}

/** The thread, locked for the change. */
export async function lockThread(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(discussionThreads)
    .where(eq(discussionThreads.id, id))
    .for('update');
  return row;
}

/** The post, locked for the change. */
export async function lockPost(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(discussionPosts)
    .where(eq(discussionPosts.id, id))
    .for('update');
  return row;
}

export async function updateThread(db: DbOrTx, id: number, set: Partial<NewThread>) {
  await db.update(discussionThreads).set(set).where(eq(discussionThreads.id, id));
}

export async function updatePost(db: DbOrTx, id: number, set: Partial<NewPost>) {
  await db.update(discussionPosts).set(set).where(eq(discussionPosts.id, id));
}

/** Records a report unless this person already reported the post; answers whether it is new. */
export async function insertReport(
  db: DbOrTx,
  values: typeof discussionReports.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(discussionReports)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: discussionReports.id });
  return rows.length > 0;
}

/** Whether the post had an open report before this one. */
export async function hadOpenReport(db: DbOrTx, postId: number, exceptReporter: number) {
  const rows = await db
    .select({ id: discussionReports.id })
    .from(discussionReports)
    .where(
      and(
        eq(discussionReports.post_id, postId),
        isNull(discussionReports.dismissed_at),
        sql`${discussionReports.reporter_id} <> ${exceptReporter}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Dismisses the open reports of the post; answers how many. */
export async function dismissOpenReports(db: DbOrTx, postId: number, at: Date) {
  const rows = await db
    .update(discussionReports)
    .set({ dismissed_at: at })
    .where(and(eq(discussionReports.post_id, postId), isNull(discussionReports.dismissed_at)))
    .returning({ id: discussionReports.id });
  return rows.length;
}

/**
 * Removes the notifications that lead into the thread (all of them) or to one of its posts;
 * answers how many.
 */
export async function dropNotificationsOf(db: DbOrTx, threadId: number, postId?: number) {
  const path = `/discussions/${threadId}`;
  const rows = await db
    .delete(notifications)
    .where(
      postId === undefined
        ? or(eq(notifications.link, path), like(notifications.link, `${path}#%`))
        : eq(notifications.link, `${path}#post-${postId}`),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** A person's name. */
export async function userName(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The files the posts carry. */
export function attachmentsOf(db: DbOrTx, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      post_id: discussionAttachments.post_id,
      id: files.id,
      name: files.original_name,
      mime: files.mime,
      size: files.size,
    })
    .from(discussionAttachments)
    .innerJoin(files, eq(files.id, discussionAttachments.file_id))
    .where(inArray(discussionAttachments.post_id, postIds))
    .orderBy(asc(files.id));
}

/** Of `ids`, the attachments the user uploaded that no post carries yet. */
export async function unusedUploads(db: DbOrTx, ownerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        eq(files.kind, 'discussion/attachment'),
        eq(files.owner_id, ownerId),
        sql`${files.id} not in (select ${discussionAttachments.file_id} from ${discussionAttachments})`,
      ),
    );
  return rows.map((row) => row.id);
}

export async function insertAttachments(db: DbOrTx, postId: number, fileIds: number[]) {
  if (fileIds.length === 0) return;
  await db
    .insert(discussionAttachments)
    .values(fileIds.map((file_id) => ({ post_id: postId, file_id })));
}

/** Starts the grace period of an upload no post carries yet (the cleanup job counts from it). */
export async function markUnused(db: DbOrTx, fileId: number, now: Date) {
  await db.update(files).set({ unused_since: now }).where(eq(files.id, fileId));
}

/**
 * Uploads for posts that no post carries since before `before`, locked for their deletion
 * (`SKIP LOCKED`: two nodes never take the same).
 */
export function orphanAttachments(tx: DbOrTx, before: Date, limit: number) {
  return tx
    .select({ id: files.id, key: files.storage_key })
    .from(files)
    .where(
      and(
        eq(files.kind, 'discussion/attachment'),
        lt(files.unused_since, before),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(discussionAttachments)
            .where(eq(discussionAttachments.file_id, files.id)),
        ),
      ),
    )
    .orderBy(files.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}
