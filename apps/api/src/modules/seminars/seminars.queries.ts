import {
  and,
  asc,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  episodes,
  files,
  institutions,
  promotions,
  resources,
  seminars,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';
import { localDay, minuteOfDay, timeOfMinutes } from '../../time.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"seminars"."id"');

const nbEpisodes = sql<number>`(select count(*)::int from ${episodes} where ${episodes.seminar_id} = ${outerId})`;

const seminarColumns = {
  id: seminars.id,
  institution_id: seminars.institution_id,
  institution_name: institutions.name,
  promotion_id: seminars.promotion_id,
  promotion_name: promotions.name,
  program_id: promotions.program_id,
  title: seminars.title,
  description: seminars.description,
  visibility: seminars.visibility,
  syllabus_file_id: seminars.syllabus_file_id,
  syllabus_name: files.original_name,
  time_zone: institutions.timezone,
  created_at: seminars.created_at,
  archived_at: seminars.archived_at,
  nb_episodes: nbEpisodes,
};

/** `/api/files/<id>`, the link that serves a stored file. */
const fileLink = (id: number | null) => (id === null ? null : `/api/files/${id}`);

function base(db: DbOrTx) {
  return db
    .select(seminarColumns)
    .from(seminars)
    .innerJoin(promotions, eq(promotions.id, seminars.promotion_id))
    .innerJoin(institutions, eq(institutions.id, seminars.institution_id))
    .leftJoin(files, eq(files.id, seminars.syllabus_file_id));
}

type SeminarRow = Awaited<ReturnType<ReturnType<typeof base>['where']>>[number];

/** The row as the API answers it: the syllabus as a link. */
function present({ syllabus_file_id, ...row }: SeminarRow) {
  return { ...row, syllabus_link: fileLink(syllabus_file_id) };
}

/** One page of seminars with their episode counts (a sub-select of the same query). */
export async function listSeminars(db: DbOrTx, scope: SQL, query: ListQuery, promotionId?: number) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(seminars.archived_at) : isNull(seminars.archived_at),
    promotionId === undefined ? undefined : eq(seminars.promotion_id, promotionId),
    pattern
      ? or(
          ilike(seminars.title, pattern),
          ilike(promotions.name, pattern),
          ilike(institutions.name, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            title: seminars.title,
            visibility: seminars.visibility,
            promotion_name: promotions.name,
            institution_name: institutions.name,
            nb_episodes: nbEpisodes,
          },
          [asc(seminars.title), asc(seminars.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(seminars)
      .innerJoin(promotions, eq(promotions.id, seminars.promotion_id))
      .innerJoin(institutions, eq(institutions.id, seminars.institution_id))
      .where(where),
  ]);
  return { rows: rows.map(present), total: Number(total?.total ?? 0) };
}

/** Non-archived seminars in scope, by title (the student's space: no paging, a short list). */
export async function seminarsIn(db: DbOrTx, scope: SQL) {
  const rows = await base(db)
    .where(and(scope, isNull(seminars.archived_at)))
    .orderBy(asc(seminars.title), asc(seminars.id))
    .limit(500);
  return rows.map(present);
}

export async function seminarById(db: DbOrTx, id: number) {
  const [row] = await base(db).where(eq(seminars.id, id));
  return present(row!);
}

const episodeColumns = {
  id: episodes.id,
  seminar_id: episodes.seminar_id,
  title: episodes.title,
  description: episodes.description,
  starts_at: episodes.starts_at,
  ends_at: episodes.ends_at,
  location: episodes.location,
  online_link: episodes.online_link,
  position: episodes.position,
  time_zone: institutions.timezone,
};

type EpisodeRow = { starts_at: Date; ends_at: Date; time_zone: string };

/** The instants read on the wall clock of the institution: its day and `HH:MM` times. */
function inZone<T extends EpisodeRow>(row: T) {
  const hhmm = (instant: Date) => timeOfMinutes(minuteOfDay(instant, row.time_zone)).slice(0, 5);
  return {
    ...row,
    day: localDay(row.starts_at, row.time_zone),
    start_time: hhmm(row.starts_at),
    end_time: hhmm(row.ends_at),
  };
}

function episodeBase(db: DbOrTx) {
  return db
    .select(episodeColumns)
    .from(episodes)
    .innerJoin(seminars, eq(seminars.id, episodes.seminar_id))
    .innerJoin(institutions, eq(institutions.id, seminars.institution_id));
}

const episodeOrder = [asc(episodes.starts_at), asc(episodes.position), asc(episodes.id)];

/** The seminars' episodes in the order they take place; with `endingAfter`, those not over. */
export async function episodesOf(db: DbOrTx, seminarIds: readonly number[], endingAfter?: Date) {
  if (seminarIds.length === 0) return [];
  const rows = await episodeBase(db)
    .where(
      and(
        inArray(episodes.seminar_id, [...seminarIds]),
        endingAfter ? gt(episodes.ends_at, endingAfter) : undefined,
      ),
    )
    .orderBy(...episodeOrder);
  return rows.map(inZone);
}

export async function episodeById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...episodeColumns,
      seminar_title: seminars.title,
      promotion_id: seminars.promotion_id,
      institution_id: seminars.institution_id,
    })
    .from(episodes)
    .innerJoin(seminars, eq(seminars.id, episodes.seminar_id))
    .innerJoin(institutions, eq(institutions.id, seminars.institution_id))
    .where(eq(episodes.id, id));
  return inZone(row!);
}

/**
 * Public, non-archived seminars of non-archived institutions, with their institution's public
 * fields and when their next episode starts (by the server's clock).
 */
export async function listPublicSeminars(db: DbOrTx, now: Date) {
  const rows = await db
    .select({
      id: seminars.id,
      title: seminars.title,
      description: seminars.description,
      promotion_name: promotions.name,
      nb_episodes: nbEpisodes,
      syllabus_file_id: seminars.syllabus_file_id,
      next_episode_at: sql<
        Date | string | null
      >`(select min(${episodes.starts_at}) from ${episodes} where ${episodes.seminar_id} = ${outerId} and ${episodes.starts_at} > ${now.toISOString()}::timestamptz)`,
      institution: {
        id: institutions.id,
        name: institutions.name,
        diminutive: institutions.diminutive,
        kind: institutions.kind,
        color_code: institutions.color_code,
        logo_link: institutions.logo_link,
        url: institutions.url,
      },
    })
    .from(seminars)
    .innerJoin(promotions, eq(promotions.id, seminars.promotion_id))
    .innerJoin(institutions, eq(institutions.id, seminars.institution_id))
    .where(
      and(
        eq(seminars.visibility, 'public'),
        isNull(seminars.archived_at),
        isNull(institutions.archived_at),
      ),
    )
    .orderBy(asc(institutions.name), asc(seminars.title), asc(seminars.id))
    .limit(500);
  return rows.map(({ syllabus_file_id, next_episode_at, ...row }) => ({
    ...row,
    syllabus_link: fileLink(syllabus_file_id),
    next_episode_at: next_episode_at === null ? null : new Date(next_episode_at).toISOString(),
  }));
}

/** The institution of the promotion, when it is in `scope`; undefined otherwise. */
export async function promotionIn(db: DbOrTx, id: number, scope: SQL) {
  const [promotion] = await db
    .select({ institution_id: promotions.institution_id })
    .from(promotions)
    .where(and(eq(promotions.id, id), scope));
  return promotion;
}

/** Inserts a seminar; answers its id. */
export async function insertSeminar(db: DbOrTx, values: typeof seminars.$inferInsert) {
  const [row] = await db.insert(seminars).values(values).returning({ id: seminars.id });
  return row!.id;
}

export async function updateSeminar(
  db: DbOrTx,
  id: number,
  set: Partial<typeof seminars.$inferInsert>,
) {
  await db.update(seminars).set(set).where(eq(seminars.id, id));
}

/** Archives the seminar from `archivedAt`, or restores it (null). */
export async function setSeminarArchived(tx: DbOrTx, id: number, archivedAt: Date | null) {
  await tx.update(seminars).set({ archived_at: archivedAt }).where(eq(seminars.id, id));
}

/** Deletes the seminar; its episodes and their resources go with it (cascade). */
export async function deleteSeminar(tx: DbOrTx, id: number) {
  await tx.delete(seminars).where(eq(seminars.id, id));
}

/** The time zone of the seminar's institution. */
export async function zoneOfSeminar(db: DbOrTx, seminarId: number) {
  const [row] = await db
    .select({ zone: institutions.timezone })
    .from(seminars)
    .innerJoin(institutions, eq(institutions.id, seminars.institution_id))
    .where(eq(seminars.id, seminarId));
  return row!.zone;
}

/** Inserts an episode at the end of its seminar; answers its id. */
export async function insertEpisode(
  db: DbOrTx,
  values: Omit<typeof episodes.$inferInsert, 'position'>,
) {
  const [row] = await db
    .insert(episodes)
    .values({
      ...values,
      position: sql`(select coalesce(max(${episodes.position}), 0) + 1 from ${episodes} where ${episodes.seminar_id} = ${values.seminar_id})`,
    })
    .returning({ id: episodes.id });
  return row!.id;
}

export async function updateEpisode(
  db: DbOrTx,
  id: number,
  set: Partial<typeof episodes.$inferInsert>,
) {
  await db.update(episodes).set(set).where(eq(episodes.id, id));
}

/** Deletes the episode; its resources go with it (cascade). */
export async function deleteEpisode(tx: DbOrTx, id: number) {
  await tx.delete(episodes).where(eq(episodes.id, id));
}

/** Inserts a resource (a link or a file) at the end of the episode's list. */
export async function insertEpisodeResource(
  db: DbOrTx,
  values: Omit<typeof resources.$inferInsert, 'position'> & { episode_id: number },
) {
  await db.insert(resources).values({
    ...values,
    position: sql<number>`(select coalesce(max(${resources.position}), 0) + 1 from ${resources} where ${resources.episode_id} = ${values.episode_id})`,
  });
}

/** Deletes one resource of the episode; answers whether it went (false: not the episode's). */
export async function deleteEpisodeResource(
  db: DbOrTx,
  episodeId: number,
  resourceId: number,
): Promise<boolean> {
  const removed = await db
    .delete(resources)
    .where(and(eq(resources.id, resourceId), eq(resources.episode_id, episodeId)))
    .returning({ id: resources.id });
  return removed.length > 0;
}
