import { hashPassword } from '../apps/api/src/auth/password.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import {
  institutionPrograms,
  institutions,
  programs,
  promotionStudents,
  promotions,
  promotionTeachers,
  trainings,
  users,
} from '../apps/api/src/db/schema/index.ts';

export const BENCH_PASSWORD = 'Bench#Passw0rd';

export interface Scale {
  institutions: number;
  teachersPerInstitution: number;
  studentsPerInstitution: number;
  promotionsPerInstitution: number;
  trainingsPerPromotion: number;
}

/** Inserts rows in batches so one statement never carries tens of thousands of parameters. */
async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let start = 0; start < rows.length; start += size)
    await insert(rows.slice(start, start + size));
}

/** A large, realistic tenant layout: institutions, their people, promotions and trainings. */
export async function generate(db: Db, scale: Scale) {
  const hash = await hashPassword(BENCH_PASSWORD);
  const insertedInstitutions = await db
    .insert(institutions)
    .values(
      Array.from({ length: scale.institutions }, (_, i) => ({
        name: `Institut de banc ${String(i + 1).padStart(3, '0')}`,
        diminutive: `IB${i + 1}`,
        kind: (['university', 'school', 'society'] as const)[i % 3]!,
        color_code: '#1F5F8B',
        url: `https://bench-${i + 1}.example.test`,
        address: `${i + 1} avenue du Banc, Lyon`,
        email: `contact@bench-${i + 1}.example.test`,
        phone: 'fr0400000000',
        nb_levels: 5,
        levels: ['L1', 'L2', 'L3', 'M1', 'M2'],
      })),
    )
    .returning({ id: institutions.id });

  const [program] = await db
    .insert(programs)
    .values({ name: 'Licence Informatique', sector: 'Informatique', levels: ['L1', 'L2', 'L3'] })
    .returning({ id: programs.id });
  await db
    .insert(institutionPrograms)
    .values(
      insertedInstitutions.map((row) => ({ institution_id: row.id, program_id: program!.id })),
    );

  const people: (typeof users.$inferInsert)[] = [
    { role: 'super-admin', first_name: 'Root', last_name: 'Bench', email: 'root@bench.test' },
  ];
  for (const [index, { id }] of insertedInstitutions.entries()) {
    people.push({
      role: 'admin',
      institution_id: id,
      first_name: 'Admin',
      last_name: `${index}`,
      email: `admin${index}@bench.test`,
    });
    for (let t = 0; t < scale.teachersPerInstitution; t += 1) {
      people.push({
        role: 'teacher',
        institution_id: id,
        first_name: 'Prof',
        last_name: `${index}-${t}`,
        email: `teacher${index}-${t}@bench.test`,
      });
    }
    for (let s = 0; s < scale.studentsPerInstitution; s += 1) {
      people.push({
        role: 'student',
        institution_id: id,
        first_name: 'Élève',
        last_name: `${index}-${s}`,
        email: `student${index}-${s}@bench.test`,
      });
    }
  }
  const verified = new Date();
  await insertBatched(
    people.map((p) => ({ ...p, password_hash: hash, email_verified_at: verified })),
    (batch) => db.insert(users).values(batch),
  );

  const allUsers = await db
    .select({ id: users.id, role: users.role, institution_id: users.institution_id })
    .from(users);
  const byInstitution = new Map<number, { students: number[]; teachers: number[] }>();
  for (const user of allUsers) {
    if (user.institution_id === null) continue;
    const entry = byInstitution.get(user.institution_id) ?? { students: [], teachers: [] };
    if (user.role === 'student') entry.students.push(user.id);
    if (user.role === 'teacher') entry.teachers.push(user.id);
    byInstitution.set(user.institution_id, entry);
  }

  const promotionRows = insertedInstitutions.flatMap(({ id }) =>
    Array.from({ length: scale.promotionsPerInstitution }, (_, p) => ({
      institution_id: id,
      program_id: program!.id,
      name: `Promotion ${p + 1}`,
      academic_year: '2026-2027',
      level: 'L1',
    })),
  );
  const insertedPromotions = await db
    .insert(promotions)
    .values(promotionRows)
    .returning({ id: promotions.id, institution_id: promotions.institution_id });

  const links: (typeof promotionStudents.$inferInsert)[] = [];
  const teacherLinks: (typeof promotionTeachers.$inferInsert)[] = [];
  const trainingRows: (typeof trainings.$inferInsert)[] = [];
  for (const [index, promotion] of insertedPromotions.entries()) {
    const people = byInstitution.get(promotion.institution_id)!;
    const slot = index % scale.promotionsPerInstitution;
    for (const [s, student] of people.students.entries()) {
      if (s % scale.promotionsPerInstitution === slot)
        links.push({ promotion_id: promotion.id, student_id: student });
    }
    const teacher = people.teachers[slot % people.teachers.length];
    if (teacher) teacherLinks.push({ promotion_id: promotion.id, teacher_id: teacher });
    for (let t = 0; t < scale.trainingsPerPromotion; t += 1) {
      trainingRows.push({
        institution_id: promotion.institution_id,
        promotion_id: promotion.id,
        title: `Formation ${t + 1}`,
        program: 'Licence Informatique',
        level: 'L1',
        description: 'Une formation générée pour mesurer la tenue en charge de la plateforme.',
        total_hours: 120,
        visibility: t % 2 === 0 ? 'public' : 'private',
      });
    }
  }
  await insertBatched(links, (batch) => db.insert(promotionStudents).values(batch));
  await insertBatched(teacherLinks, (batch) => db.insert(promotionTeachers).values(batch));
  await insertBatched(trainingRows, (batch) => db.insert(trainings).values(batch));

  return {
    institutions: insertedInstitutions.length,
    users: people.length,
    promotions: insertedPromotions.length,
    enrolments: links.length,
    trainings: trainingRows.length,
    firstInstitutionId: insertedInstitutions[0]!.id,
  };
}
