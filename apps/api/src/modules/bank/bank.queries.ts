import { and, asc, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attempts, bankQuestions, questions, subjects } from '../../db/schema/index.ts';

export type BankRow = typeof bankQuestions.$inferSelect;

/** A subject within `where` (the bank's policy scope on subjects), or undefined. */
export async function subjectIn(db: DbOrTx, where: SQL, id: number) {
  const [row] = await db
    .select({ id: subjects.id, institution_id: subjects.institution_id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.id, id), where));
  return row;
}

/** The current version of a question: neither replaced by a newer one nor archived. */
const current = and(isNull(bankQuestions.replaced_at), isNull(bankQuestions.archived_at))!;

/** A category and the categories under it (`Geometry` holds `Geometry/Triangles`). */
const inCategory = (category: string) =>
  or(
    eq(bankQuestions.category, category),
    sql`${bankQuestions.category} like ${`${category.replace(/[\\%_]/g, '\\$&')}/%`}`,
  )!;

/** How many exams hold a copy of the version, and whether a student started one of them. */
// Written with qualified names: drizzle leaves the columns of a one-table select unqualified.
const usedIn =
  sql<number>`(select count(distinct q.evaluation_id) from ${questions} q where q.bank_question_id = "bank_questions"."id")`.mapWith(
    Number,
  );
const taken = sql<boolean>`exists (select 1 from ${questions} q join ${attempts} a on a.evaluation_id = q.evaluation_id where q.bank_question_id = "bank_questions"."id")`;

const listed = { row: bankQuestions, used_in: usedIn, taken };

export interface BankFilter {
  q?: string;
  category?: string;
  tag?: string;
  kind?: BankRow['kind'];
}

function filterOf(subjectId: number, filter: BankFilter): SQL {
  const words = filter.q?.trim();
  const like = words ? `%${words.replace(/[\\%_]/g, '\\$&')}%` : null;
  return and(
    eq(bankQuestions.subject_id, subjectId),
    current,
    filter.category ? inCategory(filter.category) : undefined,
    filter.tag ? sql`${filter.tag.toLocaleLowerCase()} = any(${bankQuestions.tags})` : undefined,
    filter.kind ? eq(bankQuestions.kind, filter.kind) : undefined,
    like
      ? or(
          sql`${bankQuestions.prompt} ilike ${like}`,
          sql`coalesce(${bankQuestions.title}, '') ilike ${like}`,
          sql`${bankQuestions.choices}::text ilike ${like}`,
        )
      : undefined,
  )!;
}

/** One page of a subject's bank (current versions), by category then title and id. */
export async function bankPage(
  db: DbOrTx,
  subjectId: number,
  filter: BankFilter,
  page: { page: number; per_page: number },
) {
  const where = filterOf(subjectId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(listed)
      .from(bankQuestions)
      .where(where)
      .orderBy(
        asc(bankQuestions.category),
        asc(sql`coalesce(${bankQuestions.title}, ${bankQuestions.prompt})`),
        asc(bankQuestions.id),
      )
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db.select({ total: count() }).from(bankQuestions).where(where),
  ]);
  return { rows, total: total!.total };
}

/** Every category of a subject's bank with its number of current questions. */
export function categoriesOf(db: DbOrTx, subjectId: number) {
  return db
    .select({ name: bankQuestions.category, count: count() })
    .from(bankQuestions)
    .where(and(eq(bankQuestions.subject_id, subjectId), current))
    .groupBy(bankQuestions.category)
    .orderBy(asc(bankQuestions.category));
}

/** Every tag of a subject's bank, in order. */
export async function tagsOf(db: DbOrTx, subjectId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${bankQuestions.tags})` })
    .from(bankQuestions)
    .where(and(eq(bankQuestions.subject_id, subjectId), current))
    .orderBy(sql`1`);
  return rows.map((row) => row.tag);
}

/** A bank question within `where` (the policy's scope), any version, with its use. */
export async function bankQuestionIn(db: DbOrTx, where: SQL, id: number, lock = false) {
  const query = db
    .select(listed)
    .from(bankQuestions)
    .where(and(eq(bankQuestions.id, id), where));
  const [row] = lock ? await query.for('update', { of: bankQuestions }) : await query;
  return row;
}

/** Every version of one question, the newest first. */
export function versionsOf(db: DbOrTx, familyId: number) {
  return db
    .select(listed)
    .from(bankQuestions)
    .where(or(eq(bankQuestions.id, familyId), eq(bankQuestions.family_id, familyId)))
    .orderBy(sql`${bankQuestions.version} desc`);
}

/** The current questions of a subject's bank among `ids`, within `where` (the policy's scope). */
export function currentAmong(db: DbOrTx, subjectId: number, ids: number[], where: SQL) {
  return db
    .select()
    .from(bankQuestions)
    .where(
      and(eq(bankQuestions.subject_id, subjectId), current, inArray(bankQuestions.id, ids), where),
    );
}

/**
 * The current scored questions of a category of a subject's bank (and of those under it; '' is
 * the whole bank), within `where` (the policy's scope).
 */
export function categoryPool(db: DbOrTx, subjectId: number, category: string, where: SQL) {
  return db
    .select()
    .from(bankQuestions)
    .where(
      and(
        eq(bankQuestions.subject_id, subjectId),
        current,
        category === '' ? undefined : inCategory(category),
        ne(bankQuestions.kind, 'description'),
        where,
      ),
    )
    .orderBy(asc(bankQuestions.id));
}

/**
 * The current questions of a subject's bank (of one category and those under it, when given), by
 * category and in the order they were added: an import's duplicates, an export's questions.
 */
export function currentOf(db: DbOrTx, subjectId: number, category?: string) {
  return db
    .select()
    .from(bankQuestions)
    .where(
      and(
        eq(bankQuestions.subject_id, subjectId),
        current,
        category ? inCategory(category) : undefined,
      ),
    )
    .orderBy(asc(bankQuestions.category), asc(bankQuestions.id));
}

export function insertBankQuestions(db: DbOrTx, values: (typeof bankQuestions.$inferInsert)[]) {
  return db.insert(bankQuestions).values(values).returning();
}

export async function updateBankQuestion(
  db: DbOrTx,
  id: number,
  set: Partial<typeof bankQuestions.$inferInsert>,
) {
  await db.update(bankQuestions).set(set).where(eq(bankQuestions.id, id));
}
