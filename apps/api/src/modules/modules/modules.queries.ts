import {
  and,
  asc,
  count,
  eq,
  getTableName,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  institutionModules,
  institutions,
  moduleSubjects,
  modules,
  subjects,
  trainingModules,
  trainings,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** A column with its table's name: drizzle leaves single-table columns unqualified, which a correlated sub-select would resolve to its own table. */
const ref = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/**
 * Counts in the list's own query, of the viewer's institution only (all of them for the
 * super-admin): a module shared by several institutions tells an admin nothing about the others.
 */
function counts(institutionId: number | null) {
  const own = (column: PgColumn) =>
    institutionId === null ? sql`true` : sql`${ref(column)} = ${institutionId}`;
  return {
    nb_subjects:
      sql<number>`(select count(*) from ${moduleSubjects} join ${subjects} on ${ref(subjects.id)} = ${ref(moduleSubjects.subject_id)} where ${ref(moduleSubjects.module_id)} = ${ref(modules.id)} and ${own(subjects.institution_id)})`.mapWith(
        Number,
      ),
    nb_institutions:
      sql<number>`(select count(*) from ${institutionModules} where ${ref(institutionModules.module_id)} = ${ref(modules.id)} and ${own(institutionModules.institution_id)})`.mapWith(
        Number,
      ),
    nb_trainings:
      sql<number>`(select count(*) from ${trainingModules} join ${trainings} on ${ref(trainings.id)} = ${ref(trainingModules.training_id)} where ${ref(trainingModules.module_id)} = ${ref(modules.id)} and ${own(trainings.institution_id)})`.mapWith(
        Number,
      ),
  };
}

const base = {
  id: modules.id,
  name: modules.name,
  description: modules.description,
  hourly_volume: modules.hourly_volume,
  archived_at: modules.archived_at,
};

export async function listModules(
  db: DbOrTx,
  scope: SQL,
  institutionId: number | null,
  query: ListQuery,
) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const extra = counts(institutionId);
  const where = and(
    scope,
    query.archived ? isNotNull(modules.archived_at) : isNull(modules.archived_at),
    pattern ? or(ilike(modules.name, pattern), ilike(modules.description, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...base, ...extra })
      .from(modules)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            name: modules.name,
            hourly_volume: modules.hourly_volume,
            created_at: modules.created_at,
            nb_subjects: extra.nb_subjects,
            nb_institutions: extra.nb_institutions,
          },
          [asc(modules.name), asc(modules.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(modules).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function findModule(db: DbOrTx, id: number, institutionId: number | null) {
  const [row] = await db
    .select({ ...base, ...counts(institutionId) })
    .from(modules)
    .where(eq(modules.id, id));
  return row;
}

/** Subjects the viewer may link (`scope`), each with whether the module has it; linked first. */
export async function listModuleSubjects(
  db: DbOrTx,
  moduleId: number,
  scope: SQL,
  query: ListQuery,
) {
  const assigned = sql<boolean>`exists (select 1 from ${moduleSubjects} where ${ref(moduleSubjects.module_id)} = ${moduleId} and ${ref(moduleSubjects.subject_id)} = ${ref(subjects.id)})`;
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(subjects.archived_at) : isNull(subjects.archived_at),
    pattern ? ilike(subjects.name, pattern) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: subjects.id,
        name: subjects.name,
        coefficient: subjects.coefficient,
        hourly_volume: subjects.hourly_volume,
        institution: institutions.name,
        assigned,
      })
      .from(subjects)
      .innerJoin(institutions, eq(institutions.id, subjects.institution_id))
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          { name: subjects.name, assigned, institution: institutions.name },
          [sql`${assigned} desc`, asc(subjects.name), asc(subjects.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(subjects).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function linkSubjects(db: DbOrTx, moduleId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .insert(moduleSubjects)
    .values(ids.map((subject_id) => ({ module_id: moduleId, subject_id })))
    .onConflictDoNothing();
}

export async function unlinkSubject(db: DbOrTx, moduleId: number, subjectId: number) {
  return db
    .delete(moduleSubjects)
    .where(
      and(eq(moduleSubjects.module_id, moduleId), inArray(moduleSubjects.subject_id, [subjectId])),
    )
    .returning();
}

/** Inserts a module; answers its id. */
export async function insertModule(db: DbOrTx, row: typeof modules.$inferInsert) {
  const [inserted] = await db.insert(modules).values(row).returning({ id: modules.id });
  return inserted!.id;
}

/** Changes the columns `set` of module `id`. */
export async function updateModule(
  db: DbOrTx,
  id: number,
  set: Partial<typeof modules.$inferInsert>,
) {
  await db.update(modules).set(set).where(eq(modules.id, id));
}

export async function deleteModule(db: DbOrTx, id: number) {
  await db.delete(modules).where(eq(modules.id, id));
}
