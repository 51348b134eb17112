// The bench's data generator: sizes S, M and L of realistic tenants written straight into the
// database (multi-row INSERTs for the rows the generator needs the ids of, INSERT … SELECT for the
// large fan-outs: results, chapter progress, quiz questions), never through the API. It reuses the
// app's drizzle schema and its migrations (openDatabase applies them).

import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../apps/api/src/auth/password.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import {
  chapters,
  evaluations,
  events,
  groupStudents,
  groups,
  institutionModules,
  institutionPrograms,
  institutions,
  lessons,
  moduleSubjects,
  modules,
  programs,
  promotionStudents,
  promotions,
  promotionTeachers,
  questions,
  subjectLessons,
  subjects,
  teacherSubjects,
  trainingModules,
  trainings,
  users,
} from '../apps/api/src/db/schema/index.ts';

export const BENCH_PASSWORD = 'Bench#Passw0rd-2026';

export type Size = 'S' | 'M' | 'L';

/**
 * Per institution: its students; everything else follows in the proportions of size M (20,000
 * students, 2,000 trainings, 40,000 evaluations, 500,000 results over 10 institutions).
 */
export const SIZES: Record<Size, { institutions: number; studentsPerInstitution: number }> = {
  S: { institutions: 1, studentsPerInstitution: 500 },
  M: { institutions: 10, studentsPerInstitution: 2000 },
  L: { institutions: 160, studentsPerInstitution: 2000 },
};

const STUDENTS_PER_TEACHER = 25;
const STUDENTS_PER_TRAINING = 10;
const EVALUATIONS_PER_TRAINING = 20;
const RESULTS_PER_STUDENT = 25;
const SUBJECTS_PER_MODULE = 5;
const LESSONS_PER_SUBJECT = 3;
const CHAPTERS_PER_LESSON = 4;
const PROGRESS_PER_STUDENT = 5;
const QUIZ_SHARE = 0.1;
const QUESTIONS_PER_QUIZ = 10;
/** Students of institution 1 the scenario signs in as (each once). */
const SCENARIO_POOL = 400;

/** The ids the bench's requests address, written beside the data (meta.json). */
export interface BenchTargets {
  student: number;
  teacher: number;
  promotion: number;
  /** The 200 students of the promotion, in order. */
  promotionStudents: number[];
  training: number;
  subject: number;
  lesson: number;
  chapter: number;
  /** A past evaluation of the 200-student promotion, graded for all of them. */
  gridEvaluation: number;
  /** The exam the endpoint bench starts and autosaves (student above). */
  exam: number;
  examQuestions: number[];
  /** The exam 100 students start within one second. */
  burstExam: number;
  /** One row per student the scenario signs in as. */
  scenario: {
    email: string;
    training: number;
    subject: number;
    lesson: number;
    chapter: number;
    exam: number;
    questions: number[];
  }[];
}

export interface GenerationResult {
  counts: Record<string, number>;
  targets: BenchTargets;
}

/** A small seeded generator (mulberry32): the same size gives the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/** Promotion sizes between 30 and 200 that add up to `total`; the first one is 200 when it can. */
function promotionSizes(total: number, rng: ReturnType<typeof random>): number[] {
  const sizes: number[] = [];
  let left = total;
  if (left >= 230) {
    sizes.push(200);
    left -= 200;
  }
  while (left > 0) {
    let size = rng.int(30, 200);
    if (left - size < 30) size = left;
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

const CHAPTER_HTML = Array.from(
  { length: 6 },
  (_, p) =>
    `<h2>Partie ${p + 1}</h2><p>Ce chapitre présente les notions de la séance : définitions, exemples commentés et exercices corrigés. ` +
    'Les étudiants lisent le texte, regardent la vidéo, puis vérifient leur compréhension avec les questions de fin de partie.</p>' +
    '<ul><li>Objectif : savoir reconnaître le cas général.</li><li>Méthode : appliquer la démarche pas à pas.</li><li>À retenir : les trois propriétés du cours.</li></ul>',
).join('');

/** Multi-row INSERTs of at most `batch` rows each; answers the inserted ids in order. */
async function insertMany<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  batch = 1000,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += batch) {
    const inserted = (await db
      .insert(table)
      .values(rows.slice(start, start + batch) as never)
      .returning({ id: sql<number>`id` })) as { id: number | string }[];
    for (const row of inserted) ids.push(Number(row.id));
  }
  return ids;
}

/** Join rows without an id of their own (link tables). */
async function insertLinks<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  batch = 2000,
) {
  for (let start = 0; start < rows.length; start += batch)
    await db.insert(table).values(rows.slice(start, start + batch) as never);
}

async function count(db: Db, table: string): Promise<number> {
  const result = (await db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]!.n);
}

/** Generates one size into an empty, migrated database; `log` reports each step's time. */
export async function generate(
  db: Db,
  size: Size,
  log: (line: string) => void = () => {},
): Promise<GenerationResult> {
  const spec = SIZES[size];
  const rng = random(20_260_901);
  const started = performance.now();
  const step = (what: string) =>
    log(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${what}`);

  const today = new Date(`${day(new Date())}T00:00:00Z`);
  const yearStart = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const academicYear = `${yearStart}-${yearStart + 1}`;
  const autumn = new Date(Date.UTC(yearStart, 8, 1));
  const summer = new Date(Date.UTC(yearStart + 1, 5, 30));
  const pastDays = Math.max(1, Math.round((today.getTime() - autumn.getTime()) / 86_400_000) - 1);
  const futureDays = Math.max(1, Math.round((summer.getTime() - today.getTime()) / 86_400_000) - 1);
  const hash = await hashPassword(BENCH_PASSWORD);
  const verified = new Date();

  const programIds = await insertMany(
    db,
    programs,
    [
      'Licence Informatique',
      'Licence Mathématiques',
      'BTS Gestion',
      'Master Data',
      'Bachelor Design',
    ].map((name) => ({
      name,
      sector: name.split(' ')[1]!,
      levels: ['L1', 'L2', 'L3', 'M1', 'M2'],
    })),
  );
  const institutionIds = await insertMany(
    db,
    institutions,
    Array.from({ length: spec.institutions }, (_, i) => ({
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
  );
  await insertLinks(
    db,
    institutionPrograms,
    institutionIds.flatMap((institution_id) =>
      programIds.map((program_id) => ({ institution_id, program_id })),
    ),
  );
  await db.insert(users).values({
    role: 'super-admin',
    first_name: 'Root',
    last_name: 'Bench',
    email: 'root@bench.test',
    password_hash: hash,
    email_verified_at: verified,
  });
  step(`${spec.institutions} institutions`);

  let targets: BenchTargets | undefined;
  for (const [index, institution] of institutionIds.entries()) {
    const students = spec.studentsPerInstitution;
    const teacherCount = Math.max(4, Math.round(students / STUDENTS_PER_TEACHER));
    const people: (typeof users.$inferInsert)[] = [
      {
        role: 'admin',
        first_name: 'Admin',
        last_name: `${index}`,
        email: `admin${index}@bench.test`,
      },
    ];
    for (let t = 0; t < teacherCount; t += 1)
      people.push({
        role: t % 10 === 0 ? 'super-teacher' : 'teacher',
        first_name: 'Prof',
        last_name: `${index}-${t}`,
        email: `teacher${index}-${t}@bench.test`,
      });
    for (let s = 0; s < students; s += 1)
      people.push({
        role: 'student',
        first_name: 'Élève',
        last_name: `${index}-${s}`,
        email: `student${index}-${s}@bench.test`,
      });
    const userIds = await insertMany(
      db,
      users,
      people.map((p) => ({
        ...p,
        institution_id: institution,
        password_hash: hash,
        email_verified_at: verified,
      })),
    );
    const teacherIds = userIds.slice(1, 1 + teacherCount);
    const studentIds = userIds.slice(1 + teacherCount);

    // Modules of five subjects; a training follows one to three of them (5–15 subjects).
    const subjectCount = Math.max(
      SUBJECTS_PER_MODULE * 3,
      Math.round(students / STUDENTS_PER_TRAINING),
    );
    const moduleCount = Math.ceil(subjectCount / SUBJECTS_PER_MODULE);
    const subjectIds = await insertMany(
      db,
      subjects,
      Array.from({ length: moduleCount * SUBJECTS_PER_MODULE }, (_, s) => ({
        institution_id: institution,
        name: `Matière ${index}-${s + 1}`,
        description: 'Une matière générée pour le banc de charge.',
        coefficient: 1 + (s % 4),
        hourly_volume: 20 + (s % 5) * 10,
      })),
    );
    const moduleIds = await insertMany(
      db,
      modules,
      Array.from({ length: moduleCount }, (_, m) => ({
        name: `Module ${index}-${m + 1}`,
        description: 'Un module généré pour le banc de charge.',
        hourly_volume: 100,
      })),
    );
    await insertLinks(
      db,
      institutionModules,
      moduleIds.map((module_id) => ({ institution_id: institution, module_id })),
    );
    const subjectsOfModule = moduleIds.map((_, m) =>
      subjectIds.slice(m * SUBJECTS_PER_MODULE, (m + 1) * SUBJECTS_PER_MODULE),
    );
    await insertLinks(
      db,
      moduleSubjects,
      moduleIds.flatMap((module_id, m) =>
        subjectsOfModule[m]!.map((subject_id) => ({ module_id, subject_id })),
      ),
    );
    await insertLinks(
      db,
      teacherSubjects,
      subjectIds.flatMap((subject_id, s) => {
        const first = teacherIds[s % teacherIds.length]!;
        const second = teacherIds[(s * 7 + 3) % teacherIds.length]!;
        return first === second
          ? [{ teacher_id: first, subject_id }]
          : [
              { teacher_id: first, subject_id },
              { teacher_id: second, subject_id },
            ];
      }),
    );

    // Content: lessons of every subject, chapters of every lesson.
    const lessonIds = await insertMany(
      db,
      lessons,
      subjectIds.flatMap((_, s) =>
        Array.from({ length: LESSONS_PER_SUBJECT }, (_, l) => ({
          institution_id: institution,
          title: `Leçon ${l + 1} de la matière ${index}-${s + 1}`,
          summary: 'Résumé de la leçon : ce que l’étudiant saura faire à la fin.',
          position: l,
        })),
      ),
    );
    await insertLinks(
      db,
      subjectLessons,
      lessonIds.map((lesson_id, l) => ({
        subject_id: subjectIds[Math.floor(l / LESSONS_PER_SUBJECT)]!,
        lesson_id,
      })),
    );
    const chapterIds = await insertMany(
      db,
      chapters,
      lessonIds.flatMap((lesson_id) =>
        Array.from({ length: CHAPTERS_PER_LESSON }, (_, c) => ({
          lesson_id,
          title: `Chapitre ${c + 1}`,
          content: CHAPTER_HTML,
          position: c,
          video_url: c === 0 ? 'https://video.example.test/cours.mp4' : null,
        })),
      ),
      500,
    );

    // Promotions of 30–200 students, two teachers each, two groups each.
    const sizes = promotionSizes(students, rng);
    const promotionIds = await insertMany(
      db,
      promotions,
      sizes.map((_, p) => ({
        institution_id: institution,
        program_id: programIds[p % programIds.length]!,
        name: `Promotion ${index}-${p + 1}`,
        academic_year: academicYear,
        level: ['L1', 'L2', 'L3', 'M1', 'M2'][p % 5]!,
      })),
    );
    const members: number[][] = [];
    let next = 0;
    for (const size of sizes) {
      members.push(studentIds.slice(next, next + size));
      next += size;
    }
    await insertLinks(
      db,
      promotionStudents,
      promotionIds.flatMap((promotion_id, p) =>
        members[p]!.map((student_id) => ({ promotion_id, student_id })),
      ),
    );
    await insertLinks(
      db,
      promotionTeachers,
      promotionIds.flatMap((promotion_id, p) => [
        { promotion_id, teacher_id: teacherIds[p % teacherIds.length]! },
        { promotion_id, teacher_id: teacherIds[(p + 1) % teacherIds.length]! },
      ]),
    );
    const groupIds = await insertMany(
      db,
      groups,
      promotionIds.flatMap((promotion_id) =>
        ['TD A', 'TD B'].map((name) => ({ institution_id: institution, promotion_id, name })),
      ),
    );
    await insertLinks(
      db,
      groupStudents,
      promotionIds.flatMap((_, p) =>
        members[p]!.map((student_id, s) => ({ group_id: groupIds[p * 2 + (s % 2)]!, student_id })),
      ),
    );

    // Trainings: one per ten students of the promotion, each following one to three modules.
    const trainingRows: (typeof trainings.$inferInsert)[] = [];
    const trainingPromotion: number[] = [];
    for (const [p, promotion_id] of promotionIds.entries()) {
      const count = Math.max(1, Math.round(sizes[p]! / STUDENTS_PER_TRAINING));
      for (let t = 0; t < count; t += 1) {
        trainingPromotion.push(p);
        trainingRows.push({
          institution_id: institution,
          promotion_id,
          title: `Formation ${index}-${p + 1}-${t + 1}`,
          program: 'Licence Informatique',
          level: 'L1',
          description:
            'Une formation générée pour mesurer la tenue en charge de la plateforme : cours, évaluations et résultats.',
          total_hours: 120,
          visibility: t % 2 === 0 ? 'public' : 'private',
        });
      }
    }
    const trainingIds = await insertMany(db, trainings, trainingRows);
    const trainingSubjects: number[][] = [];
    const moduleLinks: (typeof trainingModules.$inferInsert)[] = [];
    for (const [t, training_id] of trainingIds.entries()) {
      const wanted = rng.int(1, 3);
      const picked = new Set<number>();
      while (picked.size < wanted) picked.add(rng.int(0, moduleIds.length - 1));
      const chosen = [...picked];
      for (const m of chosen) moduleLinks.push({ training_id, module_id: moduleIds[m]! });
      trainingSubjects[t] = chosen.flatMap((m) => subjectsOfModule[m]!);
    }
    await insertLinks(db, trainingModules, moduleLinks);

    // Evaluations: 3–6 per subject over the training's subjects, 20 per training; the first ones
    // of each training are past (graded), so that each student has about 25 results.
    const trainingsOfPromotion = new Map<number, number>();
    for (const p of trainingPromotion)
      trainingsOfPromotion.set(p, (trainingsOfPromotion.get(p) ?? 0) + 1);
    const evaluationRows: (typeof evaluations.$inferInsert)[] = [];
    for (const [t, training_id] of trainingIds.entries()) {
      const pastCount = Math.max(
        1,
        Math.round(RESULTS_PER_STUDENT / trainingsOfPromotion.get(trainingPromotion[t]!)!),
      );
      let made = 0;
      for (const subject_id of trainingSubjects[t]!) {
        if (made >= EVALUATIONS_PER_TRAINING) break;
        const perSubject = Math.min(rng.int(3, 6), EVALUATIONS_PER_TRAINING - made);
        for (let e = 0; e < perSubject; e += 1) {
          const past = made < pastCount;
          const date = past
            ? addDays(autumn, rng.int(0, pastDays - 1))
            : addDays(today, rng.int(1, futureDays));
          const exam = rng.next() < 0.7;
          const hour = rng.int(8, 15);
          evaluationRows.push({
            institution_id: institution,
            subject_id,
            training_id,
            type: exam ? 'exam' : 'project',
            title: `${exam ? 'Examen' : 'Projet'} ${e + 1}`,
            description: 'Évaluation générée pour le banc de charge.',
            date: day(date),
            start_time: exam ? `${String(hour).padStart(2, '0')}:00:00` : null,
            end_time: exam ? `${String(hour + 2).padStart(2, '0')}:00:00` : null,
            duration_minutes: exam ? 90 : null,
            deadline: exam ? null : addDays(date, 14),
            location: exam ? 'Amphi A' : null,
            percentage: Math.floor(100 / perSubject),
            scale: 20,
            has_quiz: exam && rng.next() < QUIZ_SHARE,
          });
          made += 1;
        }
      }
    }
    await insertMany(db, evaluations, evaluationRows);

    // Calendar: each promotion's weekly classes and one-off sessions, the institution's events,
    // the teachers' personal ones.
    const eventRows: (typeof events.$inferInsert)[] = [];
    for (const [p, promotion_id] of promotionIds.entries()) {
      const owner = teacherIds[p % teacherIds.length]!;
      for (let w = 0; w < 5; w += 1) {
        const starts = new Date(autumn.getTime() + (w * 24 + 8 + w) * 3_600_000);
        eventRows.push({
          institution_id: institution,
          owner_id: owner,
          title: `Cours hebdomadaire ${w + 1}`,
          starts_at: starts,
          ends_at: new Date(starts.getTime() + 2 * 3_600_000),
          audience: 'promotion',
          audience_id: promotion_id,
          recurrence: 'FREQ=WEEKLY;COUNT=40',
        });
      }
      for (let o = 0; o < 10; o += 1) {
        const starts = new Date(
          addDays(autumn, rng.int(0, pastDays + futureDays)).getTime() + 14 * 3_600_000,
        );
        eventRows.push({
          institution_id: institution,
          owner_id: owner,
          title: `Séance ${o + 1}`,
          starts_at: starts,
          ends_at: new Date(starts.getTime() + 3_600_000),
          audience: o % 3 === 0 ? 'group' : 'promotion',
          audience_id: o % 3 === 0 ? groupIds[p * 2]! : promotion_id,
        });
      }
    }
    for (let e = 0; e < 20; e += 1) {
      const starts = addDays(autumn, rng.int(0, pastDays + futureDays));
      eventRows.push({
        institution_id: institution,
        owner_id: userIds[0]!,
        title: `Événement de l'établissement ${e + 1}`,
        starts_at: starts,
        ends_at: addDays(starts, 1),
        all_day: true,
        audience: 'institution',
        audience_id: institution,
      });
    }
    for (const [t, owner_id] of teacherIds.entries()) {
      for (let e = 0; e < 3; e += 1) {
        const starts = new Date(addDays(today, e * 3 - 3).getTime() + (10 + (t % 6)) * 3_600_000);
        eventRows.push({
          institution_id: institution,
          owner_id,
          title: 'Rendez-vous',
          starts_at: starts,
          ends_at: new Date(starts.getTime() + 1_800_000),
        });
      }
    }
    await insertMany(db, events, eventRows);

    if (index === 0) {
      // The bench's own exams, on the first training of each promotion of the first institution:
      // open all day (run.ts moves them to the day of the run), with a 20-question quiz.
      const firstTraining = new Map<number, number>();
      for (const [t, p] of trainingPromotion.entries())
        if (!firstTraining.has(p)) firstTraining.set(p, t);
      const examFor = async (t: number, title: string) => {
        const [id] = await insertMany(db, evaluations, [
          {
            institution_id: institution,
            subject_id: trainingSubjects[t]![0]!,
            training_id: trainingIds[t]!,
            type: 'exam',
            title,
            date: day(today),
            start_time: '00:00:00',
            end_time: '23:59:00',
            duration_minutes: 240,
            percentage: 0,
            scale: 20,
            has_quiz: true,
          },
        ]);
        const questionIds = await insertMany(
          db,
          questions,
          Array.from({ length: 20 }, (_, q) => ({
            evaluation_id: id!,
            kind: 'single' as const,
            prompt: `Question ${q + 1} : quelle proposition est exacte ?`,
            choices: ['Proposition A', 'Proposition B', 'Proposition C', 'Proposition D'],
            answer_key: { choices: [q % 4] },
            points: 1,
            position: q,
          })),
        );
        return { id: id!, questions: questionIds };
      };
      const scenarioExams = new Map<number, { id: number; questions: number[] }>();
      for (const [p, t] of firstTraining)
        scenarioExams.set(p, await examFor(t, 'Examen du scénario'));
      const main = await examFor(firstTraining.get(0)!, 'Examen de banc');
      const burst = await examFor(firstTraining.get(0)!, 'Examen simultané');
      const contentOf = (t: number) => {
        const subject = trainingSubjects[t]![0]!;
        const lesson = lessonIds[subjectIds.indexOf(subject) * LESSONS_PER_SUBJECT]!;
        const chapter = chapterIds[lessonIds.indexOf(lesson) * CHAPTERS_PER_LESSON]!;
        return { subject, lesson, chapter };
      };
      const t0 = firstTraining.get(0)!;
      const gridRows = (await db.execute(
        sql`select id from evaluations where training_id = ${trainingIds[t0]!} and date < ${day(today)} order by id limit 1`,
      )) as unknown as { rows: { id: number | string }[] };
      const scenario: BenchTargets['scenario'] = [];
      for (let s = 0; s < Math.min(SCENARIO_POOL, students); s += 1) {
        // Leave out the promotion's first hundred students: they start the burst exam.
        const p = members.findIndex((list) => list.includes(studentIds[(s + 100) % students]!));
        const t = firstTraining.get(p)!;
        scenario.push({
          email: `student${index}-${(s + 100) % students}@bench.test`,
          training: trainingIds[t]!,
          ...contentOf(t),
          exam: scenarioExams.get(p)!.id,
          questions: scenarioExams.get(p)!.questions,
        });
      }
      targets = {
        student: members[0]![0]!,
        teacher: teacherIds[0]!,
        promotion: promotionIds[0]!,
        promotionStudents: members[0]!,
        training: trainingIds[t0]!,
        ...contentOf(t0),
        gridEvaluation: Number(gridRows.rows[0]!.id),
        exam: main.id,
        examQuestions: main.questions,
        burstExam: burst.id,
        scenario,
      };
      // The bench's teacher teaches the grid's subject (and sees its promotion already).
      await db.execute(
        sql`insert into teacher_subjects (teacher_id, subject_id)
            select ${teacherIds[0]!}, subject_id from evaluations where id = ${targets.gridEvaluation}
            on conflict do nothing`,
      );
    }
    step(
      `institution ${index + 1}/${spec.institutions}: ${students} students, ${promotionIds.length} promotions, ${trainingIds.length} trainings, ${evaluationRows.length} evaluations`,
    );
  }

  // The large fan-outs, computed by the database, after statistics on what they join: without
  // them the planner walks every training per student at size L (hours instead of seconds).
  await db.execute(sql`analyze`);
  step('analyze the rows above');
  await db.execute(sql`
    insert into results (evaluation_id, student_id, grade, absent, graded_by, published_at)
    select e.id, ps.student_id,
      case when (e.id * 31 + ps.student_id) % 40 = 0 then null
           else ((e.id * 7919 + ps.student_id * 104729) % 2001) / 100.0 end,
      (e.id * 31 + ps.student_id) % 40 = 0,
      (select ts.teacher_id from teacher_subjects ts where ts.subject_id = e.subject_id limit 1),
      least(e.date::timestamptz + interval '10 days', now())
    from evaluations e
    join trainings t on t.id = e.training_id
    join promotion_students ps on ps.promotion_id = t.promotion_id
    where e.date < ${day(today)}`);
  step('results');
  await db.execute(sql`
    insert into questions (evaluation_id, kind, prompt, choices, answer_key, points, position)
    select e.id, 'single', 'Question ' || q || ' : quelle proposition est exacte ?',
      '["A","B","C","D"]'::jsonb, jsonb_build_object('choices', jsonb_build_array(q % 4)), 1, q
    from evaluations e cross join generate_series(0, ${QUESTIONS_PER_QUIZ - 1}) q
    where e.has_quiz and not exists (select 1 from questions x where x.evaluation_id = e.id)`);
  step('quiz questions');
  await db.execute(sql`
    insert into chapter_progress (student_id, chapter_id, opened_at, completed_at)
    select ps.student_id, c.id, now() - (c.position + 1) * interval '1 day',
      case when c.position % 2 = 0 then now() - c.position * interval '1 day' end
    from promotion_students ps
    join lateral (
      select id from trainings where promotion_id = ps.promotion_id order by id limit 1) t on true
    join lateral (
      select ms.subject_id from training_modules tm
      join module_subjects ms on ms.module_id = tm.module_id
      where tm.training_id = t.id order by ms.subject_id limit 1) s on true
    join lateral (
      select lesson_id from subject_lessons where subject_id = s.subject_id
      order by lesson_id limit 1) l on true
    join chapters c on c.lesson_id = l.lesson_id
    where c.position < ${PROGRESS_PER_STUDENT}`);
  step('chapter progress');
  await db.execute(sql`analyze`);
  step('analyze');

  const counts: Record<string, number> = {};
  for (const table of [
    'institutions',
    'users',
    'promotions',
    'promotion_students',
    'trainings',
    'subjects',
    'lessons',
    'chapters',
    'evaluations',
    'questions',
    'results',
    'events',
    'chapter_progress',
  ])
    counts[table] = await count(db, table);
  return { counts, targets: targets! };
}
