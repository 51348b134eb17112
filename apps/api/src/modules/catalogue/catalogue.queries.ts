import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { institutions, modules, trainingModules, trainings } from '../../db/schema/index.ts';

/** The catalogue never grows past this in one answer (a bounded public list, not a table). */
const CATALOGUE_LIMIT = 500;

const institutionFields = {
  id: institutions.id,
  name: institutions.name,
  diminutive: institutions.diminutive,
  kind: institutions.kind,
  color_code: institutions.color_code,
  logo_link: institutions.logo_link,
  url: institutions.url,
};

const isPublic = and(
  eq(trainings.visibility, 'public'),
  isNull(trainings.archived_at),
  isNull(institutions.archived_at),
);

const trainingFields = {
  id: trainings.id,
  title: trainings.title,
  program: trainings.program,
  level: trainings.level,
  description: trainings.description,
  total_hours: trainings.total_hours,
  cover_link: trainings.cover_link,
};

/** Public, non-archived trainings of non-archived institutions, with their institution. */
export function listPublicTrainings(db: DbOrTx) {
  return db
    .select({ ...trainingFields, institution: institutionFields })
    .from(trainings)
    .innerJoin(institutions, eq(institutions.id, trainings.institution_id))
    .where(isPublic)
    .orderBy(asc(institutions.name), asc(trainings.title), asc(trainings.id))
    .limit(CATALOGUE_LIMIT);
}

/** One public training with its institution's public contact, or undefined. */
export async function findPublicTraining(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...trainingFields,
      updated_at: trainings.updated_at,
      institution: {
        ...institutionFields,
        address: institutions.address,
        email: institutions.email,
        phone: institutions.phone,
      },
    })
    .from(trainings)
    .innerJoin(institutions, eq(institutions.id, trainings.institution_id))
    .where(and(isPublic, eq(trainings.id, id)));
  return row;
}

/** The non-archived modules of a training, by name. */
export function trainingModuleList(db: DbOrTx, trainingId: number) {
  return db
    .select({ id: modules.id, name: modules.name, description: modules.description })
    .from(trainingModules)
    .innerJoin(modules, eq(modules.id, trainingModules.module_id))
    .where(and(eq(trainingModules.training_id, trainingId), isNull(modules.archived_at)))
    .orderBy(asc(modules.name));
}

/** Non-archived institutions, by name (the 'they trust us' strip). */
export function listPublicInstitutions(db: DbOrTx) {
  return db
    .select(institutionFields)
    .from(institutions)
    .where(isNull(institutions.archived_at))
    .orderBy(asc(institutions.name))
    .limit(CATALOGUE_LIMIT);
}
