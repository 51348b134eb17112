// Row factories shared by the demo seed and the tests (test/factories.ts re-exports them): plausible
// defaults, a random suffix where a value must be unique, and every column open to an override.
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import {
  chapters,
  episodes,
  evaluations,
  groupStudents,
  groups,
  institutionModules,
  institutionPrograms,
  institutions,
  lessons,
  moduleSubjects,
  modules,
  programs,
  seminars,
  subjectLessons,
  subjects,
  teacherSubjects,
  trainingModules,
  trainings,
} from '../../db/schema/index.ts';

/** A short random suffix for names and e-mails that must not collide. */
export const unique = () => randomBytes(4).toString('hex');

/** An institution with plausible defaults. */
export async function createInstitution(
  db: DbOrTx,
  overrides: Partial<typeof institutions.$inferInsert> = {},
) {
  const suffix = unique();
  const [row] = await db
    .insert(institutions)
    .values({
      name: `Institut ${suffix}`,
      diminutive: `I${suffix.slice(0, 3).toUpperCase()}`,
      kind: 'school',
      color_code: '#336699',
      url: `https://${suffix}.example.test`,
      address: '1 rue de la Paix, Paris',
      email: `contact@${suffix}.example.test`,
      phone: 'fr0102030405',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A program linked to the institution. */
export async function createProgram(
  db: DbOrTx,
  institutionId: number,
  overrides: Partial<typeof programs.$inferInsert> = {},
) {
  const [program] = await db
    .insert(programs)
    .values({
      name: `Programme ${unique()}`,
      sector: 'Informatique',
      levels: ['L1', 'L2'],
      ...overrides,
    })
    .returning();
  await db
    .insert(institutionPrograms)
    .values({ institution_id: institutionId, program_id: program!.id });
  return program!;
}

/** A training of the promotion. */
export async function createTraining(
  db: DbOrTx,
  promotion: { id: number; institution_id: number },
  overrides: Partial<typeof trainings.$inferInsert> = {},
) {
  const [training] = await db
    .insert(trainings)
    .values({
      institution_id: promotion.institution_id,
      promotion_id: promotion.id,
      title: `Formation ${unique()}`,
      program: 'Licence',
      level: 'L1',
      ...overrides,
    })
    .returning();
  return training!;
}

/** A subject of the institution, taught by the given teachers. */
export async function createSubject(
  db: DbOrTx,
  institutionId: number,
  teacherIds: number[] = [],
  overrides: Partial<typeof subjects.$inferInsert> = {},
) {
  const [subject] = await db
    .insert(subjects)
    .values({
      institution_id: institutionId,
      name: `Matière ${unique()}`,
      coefficient: 2,
      ...overrides,
    })
    .returning();
  if (teacherIds.length) {
    await db
      .insert(teacherSubjects)
      .values(teacherIds.map((teacher_id) => ({ teacher_id, subject_id: subject!.id })));
  }
  return subject!;
}

/** An evaluation of the subject in the training: an exam from 09:00 to 11:00 unless overridden. */
export async function createEvaluation(
  db: DbOrTx,
  training: { id: number; institution_id: number },
  subjectId: number,
  overrides: Partial<typeof evaluations.$inferInsert> = {},
) {
  // A project has a deadline instead of a window.
  const examWindow =
    overrides.type === 'project'
      ? {}
      : { start_time: '09:00', end_time: '11:00', duration_minutes: 90 };
  const [evaluation] = await db
    .insert(evaluations)
    .values({
      institution_id: training.institution_id,
      training_id: training.id,
      subject_id: subjectId,
      type: 'exam',
      title: `Examen ${unique()}`,
      date: '2026-12-01',
      ...examWindow,
      percentage: 40,
      ...overrides,
    })
    .returning();
  return evaluation!;
}

/** A module enabled for the institution, optionally in a training and holding subjects. */
export async function createModule(
  db: DbOrTx,
  institutionId: number,
  links: { trainingId?: number; subjectIds?: number[] } = {},
  overrides: Partial<typeof modules.$inferInsert> = {},
) {
  const [module] = await db
    .insert(modules)
    .values({ name: `Module ${unique()}`, ...overrides })
    .returning();
  await db
    .insert(institutionModules)
    .values({ institution_id: institutionId, module_id: module!.id });
  if (links.trainingId !== undefined) {
    await db
      .insert(trainingModules)
      .values({ training_id: links.trainingId, module_id: module!.id });
  }
  if (links.subjectIds?.length) {
    await db
      .insert(moduleSubjects)
      .values(links.subjectIds.map((subject_id) => ({ module_id: module!.id, subject_id })));
  }
  return module!;
}

/** A lesson of the subject. */
export async function createLesson(
  db: DbOrTx,
  subject: { id: number; institution_id: number },
  overrides: Partial<typeof lessons.$inferInsert> = {},
) {
  const [lesson] = await db
    .insert(lessons)
    .values({ institution_id: subject.institution_id, title: `Leçon ${unique()}`, ...overrides })
    .returning();
  await db.insert(subjectLessons).values({ subject_id: subject.id, lesson_id: lesson!.id });
  return lesson!;
}

/** A chapter of the lesson. */
export async function createChapter(
  db: DbOrTx,
  lessonId: number,
  overrides: Partial<typeof chapters.$inferInsert> = {},
) {
  const [chapter] = await db
    .insert(chapters)
    .values({
      lesson_id: lessonId,
      title: `Chapitre ${unique()}`,
      content: '<p>Texte</p>',
      ...overrides,
    })
    .returning();
  return chapter!;
}

/** A seminar of the promotion. */
export async function createSeminar(
  db: DbOrTx,
  promotion: { id: number; institution_id: number },
  overrides: Partial<typeof seminars.$inferInsert> = {},
) {
  const [seminar] = await db
    .insert(seminars)
    .values({
      institution_id: promotion.institution_id,
      promotion_id: promotion.id,
      title: `Séminaire ${unique()}`,
      ...overrides,
    })
    .returning();
  return seminar!;
}

/** An episode of the seminar: one hour on 1 December 2026 unless overridden. */
export async function createEpisode(
  db: DbOrTx,
  seminarId: number,
  overrides: Partial<typeof episodes.$inferInsert> = {},
) {
  const [episode] = await db
    .insert(episodes)
    .values({
      seminar_id: seminarId,
      title: `Épisode ${unique()}`,
      starts_at: new Date('2026-12-01T09:00:00Z'),
      ends_at: new Date('2026-12-01T10:00:00Z'),
      ...overrides,
    })
    .returning();
  return episode!;
}

/** A group of the promotion with its students. */
export async function createGroup(
  db: DbOrTx,
  promotion: { id: number; institution_id: number },
  studentIds: number[] = [],
) {
  const [group] = await db
    .insert(groups)
    .values({
      institution_id: promotion.institution_id,
      promotion_id: promotion.id,
      name: `Groupe ${unique()}`,
    })
    .returning();
  if (studentIds.length) {
    await db
      .insert(groupStudents)
      .values(studentIds.map((student_id) => ({ group_id: group!.id, student_id })));
  }
  return group!;
}
