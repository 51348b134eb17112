import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { link, unlink } from '../../db/links.ts';
import {
  evaluations,
  institutions,
  moduleSubjects,
  modules,
  programs,
  promotions,
  subjects,
  trainingModules,
  trainings,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"trainings"."id"');

const nbModules = sql<number>`(select count(*)::int from ${trainingModules} where ${trainingModules.training_id} = ${outerId})`;
// A module of the catalogue is shared by institutions, and each links its own subjects to it: a
// training counts and lists only the subjects of its own institution.
const nbSubjects = sql<number>`(select count(distinct ${moduleSubjects.subject_id})::int from ${moduleSubjects}
  join ${trainingModules} on ${trainingModules.module_id} = ${moduleSubjects.module_id}
  join ${subjects} on ${subjects.id} = ${moduleSubjects.subject_id}
  where ${trainingModules.training_id} = ${outerId}
  and ${subjects.institution_id} = ${sql.raw('"trainings"."institution_id"')})`;

const trainingColumns = {
  id: trainings.id,
  institution_id: trainings.institution_id,
  institution_name: institutions.name,
  institution_color_code: institutions.color_code,
  promotion_id: trainings.promotion_id,
  promotion_name: promotions.name,
  program_id: promotions.program_id,
  academic_year: promotions.academic_year,
  title: trainings.title,
  program: trainings.program,
  level: trainings.level,
  description: trainings.description,
  total_hours: trainings.total_hours,
  cover_link: trainings.cover_link,
  visibility: trainings.visibility,
  attendance_threshold: trainings.attendance_threshold,
  created_at: trainings.created_at,
  archived_at: trainings.archived_at,
  nb_modules: nbModules,
  nb_subjects: nbSubjects,
};

function base(db: DbOrTx) {
  return db
    .select(trainingColumns)
    .from(trainings)
    .innerJoin(promotions, eq(promotions.id, trainings.promotion_id))
    .innerJoin(institutions, eq(institutions.id, trainings.institution_id));
}

/** One page of trainings with their counts (sub-selects of the same query). */
export async function listTrainings(
  db: DbOrTx,
  scope: SQL,
  query: ListQuery,
  promotionId?: number,
) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(trainings.archived_at) : isNull(trainings.archived_at),
    promotionId === undefined ? undefined : eq(trainings.promotion_id, promotionId),
    pattern
      ? or(
          ilike(trainings.title, pattern),
          ilike(trainings.program, pattern),
          ilike(institutions.name, pattern),
          ilike(promotions.name, pattern),
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
            title: trainings.title,
            level: trainings.level,
            visibility: trainings.visibility,
            institution_name: institutions.name,
            promotion_name: promotions.name,
            total_hours: trainings.total_hours,
            nb_subjects: nbSubjects,
          },
          [asc(trainings.title), asc(trainings.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(trainings)
      .innerJoin(promotions, eq(promotions.id, trainings.promotion_id))
      .innerJoin(institutions, eq(institutions.id, trainings.institution_id))
      .where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function trainingById(db: DbOrTx, id: number) {
  const [row] = await base(db).where(eq(trainings.id, id));
  return row!;
}

/** The training's modules and, through them, its subjects. */
export async function trainingContent(db: DbOrTx, id: number) {
  const [moduleRows, subjectRows] = await Promise.all([
    db
      .select({ id: modules.id, name: modules.name, hourly_volume: modules.hourly_volume })
      .from(trainingModules)
      .innerJoin(modules, eq(modules.id, trainingModules.module_id))
      .where(eq(trainingModules.training_id, id))
      .orderBy(asc(modules.name)),
    db
      .select({
        id: subjects.id,
        name: subjects.name,
        coefficient: subjects.coefficient,
        hourly_volume: subjects.hourly_volume,
        module_id: modules.id,
        module_name: modules.name,
      })
      .from(trainingModules)
      .innerJoin(modules, eq(modules.id, trainingModules.module_id))
      .innerJoin(moduleSubjects, eq(moduleSubjects.module_id, modules.id))
      .innerJoin(subjects, eq(subjects.id, moduleSubjects.subject_id))
      .innerJoin(trainings, eq(trainings.id, trainingModules.training_id))
      .where(
        and(
          eq(trainingModules.training_id, id),
          eq(subjects.institution_id, trainings.institution_id),
          isNull(subjects.archived_at),
        ),
      )
      .orderBy(asc(modules.name), asc(subjects.name)),
  ]);
  return { modules: moduleRows, subjects: subjectRows };
}

/** The institution of a promotion and the name of its program (it exists). */
export async function promotionForTraining(db: DbOrTx, promotionId: number) {
  const [promotion] = await db
    .select({ institution_id: promotions.institution_id, program: programs.name })
    .from(promotions)
    .innerJoin(programs, eq(programs.id, promotions.program_id))
    .where(eq(promotions.id, promotionId));
  return promotion!;
}

/** Inserts a training; answers its id. */
export async function insertTraining(db: DbOrTx, row: typeof trainings.$inferInsert) {
  const [inserted] = await db.insert(trainings).values(row).returning({ id: trainings.id });
  return inserted!.id;
}

/** Changes the columns `set` of training `id`. */
export async function updateTraining(
  db: DbOrTx,
  id: number,
  set: Partial<typeof trainings.$inferInsert>,
) {
  await db.update(trainings).set(set).where(eq(trainings.id, id));
}

/** How many evaluations the training has. */
export async function evaluationCountOf(db: DbOrTx, id: number) {
  const [used] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(evaluations)
    .where(eq(evaluations.training_id, id));
  return used?.n ?? 0;
}

export async function deleteTraining(db: DbOrTx, id: number) {
  await db.delete(trainings).where(eq(trainings.id, id));
}

/**
 * The modules within `scope` (the policy's readable ones) not archived, by name, with their
 * hourly volume, each saying whether training `id` has them.
 */
export function moduleOptions(db: DbOrTx, id: number, scope: SQL) {
  return db
    .select({
      id: modules.id,
      label: modules.name,
      detail: sql<
        string | null
      >`case when ${modules.hourly_volume} is null then null else ${modules.hourly_volume}::text || ' h' end`,
      assigned: sql<boolean>`${modules.id} in (select ${trainingModules.module_id} from ${trainingModules} where ${trainingModules.training_id} = ${id})`,
    })
    .from(modules)
    .where(and(scope, isNull(modules.archived_at)))
    .orderBy(asc(modules.name));
}

/** Adds modules to a training (those it has already stay). */
export function addTrainingModules(db: DbOrTx, id: number, moduleIds: readonly number[]) {
  return link(
    db,
    trainingModules,
    trainingModules.training_id,
    trainingModules.module_id,
    id,
    moduleIds,
  );
}

/** Takes a module from a training; answers whether it had it. */
export function removeTrainingModule(db: DbOrTx, id: number, moduleId: number) {
  return unlink(
    db,
    trainingModules,
    trainingModules.training_id,
    trainingModules.module_id,
    id,
    moduleId,
  );
}
