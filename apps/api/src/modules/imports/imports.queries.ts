import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  imports,
  promotionStudents,
  promotions,
  promotionTeachers,
  users,
} from '../../db/schema/index.ts';

/** Of these lower-cased addresses, those an account already holds (any institution, or none). */
export async function addressesTaken(db: DbOrTx, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...new Set(emails)]));
  return rows.map((row) => row.email);
}

/** The institution's accounts holding these lower-cased addresses, with their role. */
export function institutionAccountsByEmail(
  db: DbOrTx,
  institutionId: number,
  emails: readonly string[],
) {
  return (
    db
      .select({
        id: users.id,
        email: sql<string>`lower(${users.email})`,
        role: users.role,
        institution_id: users.institution_id,
      })
      .from(users)
      // Only the institution's own accounts: whether another institution holds an address is
      // nobody's business here (decision 130); the write refuses it without saying where.
      .where(
        and(
          eq(users.institution_id, institutionId),
          inArray(sql`lower(${users.email})`, [...new Set(emails)]),
        ),
      )
  );
}

/** The institution's promotions not archived, latest academic year first. */
export function openPromotionsOf(db: DbOrTx, institutionId: number) {
  return db
    .select({ id: promotions.id, name: promotions.name, year: promotions.academic_year })
    .from(promotions)
    .where(and(eq(promotions.institution_id, institutionId), isNull(promotions.archived_at)))
    .orderBy(desc(promotions.academic_year));
}

/** Records an import in the history; answers its row. */
export async function insertImport(db: DbOrTx, row: typeof imports.$inferInsert) {
  const [inserted] = await db.insert(imports).values(row).returning();
  return inserted!;
}

/** Changes a person of the institution; answers their id, or undefined when not theirs. */
export async function updatePersonOf(
  db: DbOrTx,
  id: number,
  institutionId: number,
  set: Partial<typeof users.$inferInsert>,
) {
  const [row] = await db
    .update(users)
    .set(set)
    .where(and(eq(users.id, id), eq(users.institution_id, institutionId)))
    .returning({ id: users.id });
  return row;
}

/** Creates an account; answers what its invitation needs. */
export async function insertPerson(db: DbOrTx, row: typeof users.$inferInsert) {
  const [inserted] = await db
    .insert(users)
    .values(row)
    .returning({ id: users.id, email: users.email, first_name: users.first_name });
  return inserted!;
}

/** Puts a student in a promotion (nothing when they are in it already). */
export async function enrolStudent(db: DbOrTx, promotionId: number, studentId: number) {
  await db
    .insert(promotionStudents)
    .values({ promotion_id: promotionId, student_id: studentId })
    .onConflictDoNothing();
}

/** Assigns a teacher to a promotion (nothing when they are assigned already). */
export async function assignTeacher(db: DbOrTx, promotionId: number, teacherId: number) {
  await db
    .insert(promotionTeachers)
    .values({ promotion_id: promotionId, teacher_id: teacherId })
    .onConflictDoNothing();
}

/** One page of the imports of a kind within `scope` (the policy's), newest first, and their count. */
export async function importHistory(
  db: DbOrTx,
  scope: SQL,
  kind: 'student' | 'teacher',
  page: { page: number; per_page: number },
) {
  const where = and(scope, eq(imports.kind, kind));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: imports.id,
        kind: imports.kind,
        file_name: imports.file_name,
        total: imports.total,
        created: imports.created,
        updated: imports.updated,
        invited: imports.invited,
        created_at: imports.created_at,
        actor_name: sql<string | null>`${users.first_name} || ' ' || ${users.last_name}`,
      })
      .from(imports)
      .leftJoin(users, eq(users.id, imports.actor_id))
      .where(where)
      .orderBy(desc(imports.created_at), desc(imports.id))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db.select({ total: count() }).from(imports).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
