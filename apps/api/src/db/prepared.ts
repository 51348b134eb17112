import type { Db } from './client.ts';

/**
 * A query built once per database and prepared (`.prepare(name)` with `sql.placeholder`): a hot
 * path then skips drizzle's SQL building and PostgreSQL's parsing and planning on every request.
 * The session lookup alone took auth/info from 960 to 1,450 req/s at size M (decision 165).
 */
export function preparedQuery<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
