import { DEMO_ACCOUNTS, DEMO_PASSWORD, subjectBody } from '@skolar/shared';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { tempDir } from '../../../test/temp-dir.ts';
import { verifyPassword } from '../../auth/password.ts';
import { allowedIds } from '../../auth/policy.ts';
import { RateLimits } from '../../auth/rate-limit.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  answers,
  attempts,
  bankQuestions,
  chapters,
  episodes,
  evaluations,
  events,
  files,
  gradeChanges,
  institutions,
  lessons,
  mailOutbox,
  promotionStudents,
  questions,
  resources,
  results,
  seminars,
  subjectLessons,
  subjects,
  teacherSubjects,
  trainings,
  users,
} from '../../db/schema/index.ts';
import { storageFor } from '../../files/storage.ts';
import { saveFile } from '../../files/uploads.ts';
import { imageIdsIn, sanitizeRichText } from '../../http/sanitize.ts';
import { examScore } from '../../modules/exams/scoring.ts';
import { statistics } from '../../modules/exams/statistics.service.ts';
import { localDay, zonedInstant } from '../../time.ts';
import { DEMO_NEWCOMER_EMAIL, seedDemo } from './demo.ts';

// 12:00 in Paris on a weekday; a fixed clock keeps the assertions exact.
const NOW = new Date('2026-03-10T11:00:00Z');

async function tableCounts(database: Database) {
  const { db } = database;
  const tables = {
    users,
    institutions,
    trainings,
    evaluations,
    results,
    lessons,
    chapters,
    episodes,
    events,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Relative luminance of a #RRGGBB colour (WCAG). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** Where the seed stores its files (the server's own storage adapter, in a temporary folder). */
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED: 'none',
  DATA_DIR: tempDir('seed'),
});

describe('seedDemo', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('seeds an empty database', async () => {
    const ctx = {
      config,
      db: database.db,
      clock: new TestClock(NOW),
      limits: new RateLimits(),
    };
    expect(
      await seedDemo(database.db, {
        now: NOW,
        storeFile: (db, input) => saveFile(ctx, db, input),
      }),
    ).toBe('seeded');
  });

  it('creates the demo accounts of the README with their roles and institutions', async () => {
    const rows = await database.db
      .select({
        email: users.email,
        role: users.role,
        institution: institutions.diminutive,
        password_hash: users.password_hash,
        email_verified_at: users.email_verified_at,
      })
      .from(users)
      .leftJoin(institutions, eq(users.institution_id, institutions.id));
    expect(DEMO_ACCOUNTS).toHaveLength(8);
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === account.email);
      expect(row, account.email).toBeDefined();
      expect(row!.role).toBe(account.role);
      expect(row!.institution).toBe(account.institution);
      expect(row!.email_verified_at).toBeInstanceOf(Date);
    }
    const superAdmins = rows.filter((r) => r.role === 'super-admin');
    expect(superAdmins).toHaveLength(1);
    expect(rows.filter((r) => r.role === 'student').length).toBeGreaterThanOrEqual(20);
    const hash = rows.find((r) => r.email === 'student@uni.skolar.test')!.password_hash!;
    expect(await verifyPassword(hash, DEMO_PASSWORD)).toBe(true);
  });

  it('has one invited account whose invitation waits in the outbox', async () => {
    const [newcomer] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_NEWCOMER_EMAIL));
    expect(newcomer).toMatchObject({
      role: 'student',
      password_hash: null,
      email_verified_at: null,
    });
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, DEMO_NEWCOMER_EMAIL));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'invitation', status: 'pending' });
    expect(String(mails[0]!.payload.link)).toMatch(/\/verify-email\/[\w-]+\?email=newcomer/);
  });

  it('creates three institutions of each kind with distinct valid colours, one of them light', async () => {
    const rows = await database.db.select().from(institutions);
    expect(rows.map((r) => r.kind).sort()).toEqual(['school', 'society', 'university']);
    const colours = rows.map((r) => r.color_code);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(new Set(colours).size).toBe(3);
    expect(colours.some((c) => luminance(c) > 0.4)).toBe(true);
    expect(colours.some((c) => luminance(c) < 0.2)).toBe(true);
    for (const row of rows) {
      expect(row.logo_link).toMatch(/^\/demo\/logos\/[a-z]+\.svg$/);
      expect(row.levels.length).toBe(row.nb_levels);
    }
  });

  it('offers public trainings with and without a cover, and an archived one', async () => {
    const rows = await database.db.select().from(trainings);
    const visible = rows.filter((t) => t.visibility === 'public' && t.archived_at === null);
    expect(visible.length).toBeGreaterThanOrEqual(4);
    expect(visible.some((t) => t.cover_link === null)).toBe(true);
    expect(visible.some((t) => t.cover_link?.startsWith('/demo/covers/'))).toBe(true);
    expect(rows.some((t) => t.archived_at !== null)).toBe(true);
    expect(rows.some((t) => t.visibility === 'private')).toBe(true);
  });

  it('has an exam of student@uni open right now, with a quiz of every kind', async () => {
    const [student] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'student@uni.skolar.test'));
    const own = await database.db
      .select({ evaluation: evaluations, timezone: institutions.timezone })
      .from(evaluations)
      .innerJoin(trainings, eq(evaluations.training_id, trainings.id))
      .innerJoin(institutions, eq(evaluations.institution_id, institutions.id))
      .innerJoin(
        promotionStudents,
        and(
          eq(promotionStudents.promotion_id, trainings.promotion_id),
          eq(promotionStudents.student_id, student!.id),
        ),
      );
    const open = own.filter(({ evaluation: e, timezone }) => {
      if (e.type !== 'exam' || !e.start_time || !e.end_time) return false;
      const from = zonedInstant(e.date, e.start_time, timezone);
      const to = zonedInstant(e.date, e.end_time, timezone);
      return from <= NOW && NOW < to;
    });
    expect(open).toHaveLength(1);
    const exam = open[0]!.evaluation;
    expect(exam.date).toBe(localDay(NOW, 'Europe/Paris'));
    expect(exam.start_time).toBe('11:00:00');
    expect(exam.end_time).toBe('15:00:00');
    expect(exam.duration_minutes).toBe(90);
    expect(exam.has_quiz).toBe(true);
    const items = await database.db
      .select()
      .from(questions)
      .where(eq(questions.evaluation_id, exam.id));
    expect([...new Set(items.map((q) => q.kind))].sort()).toEqual([
      'description',
      'long',
      'matching',
      'multiple',
      'numerical',
      'short',
      'single',
    ]);
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(exam.shuffle).toBe(true);
    expect(items.every((q) => typeof q.points === 'number')).toBe(true);

    const projects = own.filter(({ evaluation: e }) => e.type === 'project');
    const upcoming = projects.filter(({ evaluation: e }) => e.deadline! > NOW);
    expect(upcoming).toHaveLength(1);
    const hoursLeft = (upcoming[0]!.evaluation.deadline!.getTime() - NOW.getTime()) / 3_600_000;
    expect(hoursLeft).toBe(72);
    expect(own.some(({ evaluation: e }) => e.type === 'exam' && e.date > exam.date)).toBe(true);
    expect(own.some(({ evaluation: e }) => e.date < exam.date)).toBe(true);

    // Percentages of one subject in one training sum to at most 100.
    const sums = new Map<string, number>();
    for (const { evaluation: e } of own) {
      const key = `${e.subject_id}/${e.training_id}`;
      sums.set(key, (sums.get(key) ?? 0) + e.percentage);
    }
    for (const total of sums.values()) expect(total).toBeLessThanOrEqual(100);
  });

  it('fills the algorithm course’s question bank in categories, one question in its second version', async () => {
    const rows = await database.db.select().from(bankQuestions);
    const current = rows.filter((row) => row.replaced_at === null);
    expect(current.length).toBeGreaterThanOrEqual(10);
    expect(new Set(current.map((row) => row.category))).toEqual(
      new Set([
        'Complexité',
        'Tris',
        'Structures de données/Piles et files',
        'Structures de données/Arbres',
      ]),
    );
    const second = current.find((row) => row.version === 2)!;
    const first = rows.find((row) => row.id === second.family_id)!;
    expect(first.replaced_at).not.toBeNull();
    expect(second.answer_key).not.toEqual(first.answer_key);
  });

  it('grades the past evaluations, with absences, as JS numbers, each with its history', async () => {
    const rows = await database.db.select().from(results);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(rows.filter((r) => r.absent)).toHaveLength(2);
    expect(rows.some((r) => r.published_at === null)).toBe(true);
    const history = await database.db.select().from(gradeChanges);
    expect(history.length).toBe(rows.length + 1);
    const graded = rows.filter((r) => !r.absent);
    expect(graded.every((r) => typeof r.grade === 'number' && r.grade >= 0)).toBe(true);
    const [withScale] = await database.db
      .select({ n: count() })
      .from(results)
      .innerJoin(evaluations, eq(results.evaluation_id, evaluations.id))
      .where(and(isNotNull(results.grade), eq(evaluations.type, 'project')));
    expect(withScale!.n).toBeGreaterThan(0);
  });

  it('gives every lesson two or three chapters of sanitised rich text', async () => {
    const rows = await database.db
      .select({ lesson: chapters.lesson_id, n: count() })
      .from(chapters)
      .groupBy(chapters.lesson_id);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect([2, 3]).toContain(row.n);
    const all = await database.db.select({ content: chapters.content }).from(chapters);
    for (const { content } of all) {
      expect(content).toBe(sanitizeRichText(content, new Set(imageIdsIn(content))));
      expect(content).not.toMatch(/(^|\n)#|\*\*|```/);
    }
    const html = all.map((c) => c.content).join('');
    for (const tag of ['<h2>', '<ul>', '<ol>', '<table>', '<pre><code>', 'href="https://']) {
      expect(html).toContain(tag);
    }
  });

  it('shows the teacher’s chapters, with an image and a PDF, to student@uni.skolar.test', async () => {
    const person = async (email: string) => {
      const [row] = await database.db.select().from(users).where(eq(users.email, email));
      return {
        userId: row!.id,
        role: row!.role,
        institutionId: row!.institution_id,
        sessionId: 0,
        locale: 'fr' as const,
        timeZone: 'Europe/Paris',
      };
    };
    const teacher = await person('teacher@uni.skolar.test');
    const student = await person('student@uni.skolar.test');
    const [figure] = await database.db
      .select({ id: chapters.id, content: chapters.content })
      .from(chapters)
      .where(eq(chapters.title, 'La notation grand O'));
    const imageId = Number(/src="\/api\/files\/(\d+)"/.exec(figure!.content)?.[1]);
    const [file] = await database.db
      .select({ id: resources.file_id })
      .from(resources)
      .where(and(eq(resources.chapter_id, figure!.id), eq(resources.kind, 'file')));
    expect(await allowedIds(database.db, teacher, 'update', 'chapter', [figure!.id])).toEqual(
      new Set([figure!.id]),
    );
    for (const actor of [teacher, student]) {
      expect(await allowedIds(database.db, actor, 'read', 'chapter', [figure!.id])).toEqual(
        new Set([figure!.id]),
      );
      expect(await allowedIds(database.db, actor, 'read', 'file', [imageId, file!.id!])).toEqual(
        new Set([imageId, file!.id!]),
      );
    }
  });

  it("gives student@uni's promotion a public seminar: a past and two coming episodes, a syllabus", async () => {
    const rows = await database.db
      .select({ seminar: seminars, file: files })
      .from(seminars)
      .innerJoin(promotionStudents, eq(promotionStudents.promotion_id, seminars.promotion_id))
      .innerJoin(users, eq(users.id, promotionStudents.student_id))
      .innerJoin(files, eq(files.id, seminars.syllabus_file_id))
      .where(eq(users.email, 'student@uni.skolar.test'));
    expect(rows).toHaveLength(1);
    const { seminar, file } = rows[0]!;
    expect(seminar.visibility).toBe('public');
    expect(file).toMatchObject({ kind: 'seminar/syllabus', mime: 'application/pdf' });
    const bytes = await storageFor(config).get(file.storage_key);
    expect(bytes?.subarray(0, 5).toString()).toBe('%PDF-');
    const times = await database.db
      .select({ starts_at: episodes.starts_at })
      .from(episodes)
      .where(eq(episodes.seminar_id, seminar.id));
    expect(times.filter((e) => e.starts_at < NOW)).toHaveLength(1);
    expect(times.filter((e) => e.starts_at > NOW)).toHaveLength(2);
  });

  it('gives teacher@uni subjects with lessons, keeps every lesson in a subject and every subject valid', async () => {
    const { db } = database;
    const [teacher] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'teacher@uni.skolar.test'));
    const taught = await db
      .select({ id: subjects.id, lessons: count(subjectLessons.lesson_id) })
      .from(teacherSubjects)
      .innerJoin(subjects, eq(subjects.id, teacherSubjects.subject_id))
      .leftJoin(subjectLessons, eq(subjectLessons.subject_id, subjects.id))
      .where(eq(teacherSubjects.teacher_id, teacher!.id))
      .groupBy(subjects.id);
    expect(taught.filter((row) => Number(row.lessons) > 0).length).toBeGreaterThan(0);
    const orphans = await db
      .select({ id: lessons.id })
      .from(lessons)
      .leftJoin(subjectLessons, eq(subjectLessons.lesson_id, lessons.id))
      .where(isNull(subjectLessons.subject_id));
    expect(orphans).toEqual([]);
    for (const row of await db.select().from(subjects)) {
      const parsed = subjectBody.safeParse(row);
      expect(parsed.success, `${row.name}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("has a classmate's quiz handed in and scored, for the grade grid's suggestion", async () => {
    const [row] = await database.db
      .select({
        finished_by: attempts.finished_by,
        finished_at: attempts.finished_at,
        score: attempts.score,
      })
      .from(attempts)
      .innerJoin(users, eq(users.id, attempts.student_id))
      .innerJoin(evaluations, eq(evaluations.id, attempts.evaluation_id))
      .where(
        and(
          eq(users.email, 'jade.faure@uni.skolar.test'),
          eq(evaluations.title, 'Contrôle continu : complexité'),
        ),
      );
    expect(row).toMatchObject({ finished_by: 'student', score: 11 });
    expect(row!.finished_at!.getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('has a past quiz of teacher@uni taken by the whole class, whose statistics have things to say', async () => {
    const { db } = database;
    const [teacher] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'teacher@uni.skolar.test'));
    const [exam] = await db
      .select({ evaluation: evaluations, timezone: institutions.timezone })
      .from(evaluations)
      .innerJoin(institutions, eq(institutions.id, evaluations.institution_id))
      .innerJoin(
        teacherSubjects,
        and(
          eq(teacherSubjects.subject_id, evaluations.subject_id),
          eq(teacherSubjects.teacher_id, teacher!.id),
        ),
      )
      .where(eq(evaluations.title, 'QCM d’entraînement : tris et structures de données'));
    const { evaluation, timezone } = exam!;
    expect(evaluation.has_quiz).toBe(true);
    // Weeks ago, and after the open exam, which stays the first row with a quiz.
    const closes = zonedInstant(evaluation.date, evaluation.end_time!, timezone);
    expect(NOW.getTime() - closes.getTime()).toBeGreaterThan(14 * 24 * 3_600_000);
    const [first] = await db
      .select({ id: evaluations.id })
      .from(evaluations)
      .where(eq(evaluations.has_quiz, true))
      .orderBy(evaluations.id)
      .limit(1);
    expect(evaluation.id).toBeGreaterThan(first!.id);

    // Every student of the promotion handed in (some by the timeout), scored as the hand-in does.
    const [{ n: students }] = (await db
      .select({ n: count() })
      .from(promotionStudents)
      .innerJoin(trainings, eq(trainings.promotion_id, promotionStudents.promotion_id))
      .where(eq(trainings.id, evaluation.training_id))) as [{ n: number }];
    const closed = await db
      .select()
      .from(attempts)
      .where(and(eq(attempts.evaluation_id, evaluation.id), isNotNull(attempts.finished_at)));
    expect(closed.length).toBeGreaterThanOrEqual(12);
    expect(closed).toHaveLength(students);
    expect(new Set(closed.map((a) => a.finished_by))).toEqual(new Set(['student', 'timeout']));
    for (const attempt of closed) {
      expect(attempt.finished_at! <= attempt.deadline_at).toBe(true);
      const given = await db.select().from(answers).where(eq(answers.attempt_id, attempt.id));
      expect(attempt.score).toBe(examScore(given.map((answer) => answer.points_awarded)));
    }

    const ctx = { config, db, clock: new TestClock(NOW), limits: new RateLimits() };
    const actor = {
      userId: teacher!.id,
      role: teacher!.role,
      institutionId: teacher!.institution_id,
      sessionId: 0,
      locale: 'fr' as const,
      timeZone: 'Europe/Paris',
    };
    const stats = await statistics(ctx, actor, evaluation.id);
    expect(stats.attempts).toBe(closed.length);
    expect(typeof stats.alpha).toBe('number');
    expect(stats.questions.some((q) => q.flags.length > 0)).toBe(true);
    const byTitle = new Map(stats.questions.map((q) => [q.title, q]));
    // The wrong key: the strong students gave the right answer, so the key's marks go backwards.
    expect(byTitle.get('Recherche du maximum')!.flags).toContain('negative');
    expect(byTitle.get('Fonction récursive')!.facility).toBeGreaterThanOrEqual(0.95);
    expect(byTitle.get('Fonction récursive')!.flags).toContain('tooEasy');
    const flagged = stats.questions.filter((q) => q.flags.length > 0);
    expect(flagged.length).toBeLessThan(stats.questions.length / 2);
    // Most essays are marked; the rest wait for the teacher.
    const essay = stats.questions.find((q) => q.kind === 'long')!;
    expect(essay.awaiting).toBeGreaterThan(0);
    expect(essay.awaiting).toBeLessThan(closed.length / 4);

    // Draft grades, not published, equal to the grid's suggestion.
    const drafts = await db
      .select({ result: results, score: attempts.score })
      .from(results)
      .innerJoin(
        attempts,
        and(
          eq(attempts.evaluation_id, results.evaluation_id),
          eq(attempts.student_id, results.student_id),
        ),
      )
      .where(eq(results.evaluation_id, evaluation.id));
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.length).toBeLessThan(closed.length);
    const maxPoints = stats.questions.reduce((sum, q) => sum + q.points, 0);
    for (const { result, score } of drafts) {
      expect(result.published_at).toBeNull();
      expect(result.grade).toBe(Math.round((score! / maxPoints) * evaluation.scale * 100) / 100);
    }
  });

  it('skips a database that already has users and changes nothing', async () => {
    const before = await tableCounts(database);
    expect(await seedDemo(database.db, { now: NOW })).toBe('skipped');
    expect(await tableCounts(database)).toEqual(before);
  });
});

describe('seedDemo late in the evening', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('ends the open exam at the end of the day', async () => {
    const late = new Date('2026-07-14T21:30:00Z'); // 23:30 in Paris (summer time)
    expect(await seedDemo(database.db, { now: late })).toBe('seeded');
    const [exam] = await database.db
      .select()
      .from(evaluations)
      .where(eq(evaluations.has_quiz, true));
    expect(exam!.date).toBe('2026-07-14');
    expect(exam!.start_time).toBe('22:30:00');
    expect(exam!.end_time).toBe('23:59:59');
    expect(zonedInstant(exam!.date, exam!.end_time!, 'Europe/Paris') > late).toBe(true);
  });
});
