import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { files, resources } from '../db/schema/index.ts';

/** The columns of the shared `resource` answer: a link, or a stored file served at `/api/files/<id>`. */
export const resourceColumns = {
  id: resources.id,
  kind: resources.kind,
  title: resources.title,
  url: sql<string>`coalesce(${resources.url}, '/api/files/' || ${resources.file_id})`,
  file_name: files.original_name,
  mime: files.mime,
  size: files.size,
  position: resources.position,
};

/** The resources of one chapter or one episode, in their order. */
export function resourcesOf(db: DbOrTx, owner: { chapterId: number } | { episodeId: number }) {
  return db
    .select(resourceColumns)
    .from(resources)
    .leftJoin(files, eq(files.id, resources.file_id))
    .where(
      'chapterId' in owner
        ? eq(resources.chapter_id, owner.chapterId)
        : eq(resources.episode_id, owner.episodeId),
    )
    .orderBy(asc(resources.position), asc(resources.id));
}
