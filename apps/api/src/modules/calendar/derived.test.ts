import type { Role } from '@skolar/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import {
  createEpisode,
  createEvaluation,
  createInstitution,
  createPromotion,
  createSeminar,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import type { Actor } from '../../auth/sessions.ts';
import { derivedEntries } from './derived.ts';

const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());

const actorOf = (user: { id: number; role: Role; institution_id: number | null }): Actor => ({
  userId: user.id,
  role: user.role,
  institutionId: user.institution_id,
  sessionId: 0,
  locale: 'fr',
  timeZone: 'Europe/Paris',
});

const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const teacher = await createUser(db, 'teacher', school.id);
const otherTeacher = await createUser(db, 'teacher', school.id);
const admin = await createUser(db, 'admin', school.id);
const student = await createUser(db, 'student', school.id);
const otherStudent = await createUser(db, 'student', school.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id],
  teachers: [teacher.id],
});
const otherPromotion = await createPromotion(db, school.id, {
  students: [otherStudent.id],
  teachers: [otherTeacher.id],
});
const training = await createTraining(db, promotion, { title: 'Licence 1' });
const otherTraining = await createTraining(db, otherPromotion);
const subject = await createSubject(db, school.id, [], { name: 'Algèbre' });

// An exam in summer time (Paris is UTC+2 on 10 June) and one in winter time (UTC+1).
const exam = await createEvaluation(db, training, subject.id, {
  title: 'Partiel',
  date: '2027-06-10',
  start_time: '09:00',
  end_time: '11:00',
  location: 'Amphi B',
});
const winterExam = await createEvaluation(db, training, subject.id, { date: '2027-01-14' });
const project = await createEvaluation(db, training, subject.id, {
  type: 'project',
  title: 'Rapport',
  date: '2027-05-01',
  deadline: new Date('2027-06-01T21:59:00Z'),
});
const archived = await createEvaluation(db, training, subject.id, {
  date: '2027-06-11',
  archived_at: new Date('2026-11-01T00:00:00Z'),
});
const otherExam = await createEvaluation(db, otherTraining, subject.id, { date: '2027-06-10' });
const seminar = await createSeminar(db, promotion, { title: 'Éthique' });
const episode = await createEpisode(db, seminar.id, {
  title: 'Séance 1',
  starts_at: new Date('2027-06-09T12:00:00Z'),
  ends_at: new Date('2027-06-09T14:00:00Z'),
  online_link: 'https://visio.example.test/1',
});
const archivedSeminar = await createSeminar(db, promotion, {
  archived_at: new Date('2026-11-01T00:00:00Z'),
});
await createEpisode(db, archivedSeminar.id, {
  starts_at: new Date('2027-06-09T08:00:00Z'),
  ends_at: new Date('2027-06-09T09:00:00Z'),
});

const keysOf = async (
  user: Parameters<typeof actorOf>[0],
  range = null as null | [string, string],
) =>
  (
    await derivedEntries(
      db,
      actorOf(user),
      range ? { start: new Date(range[0]), end: new Date(range[1]) } : null,
    )
  ).map((entry) => entry.key);

describe('the entries from the courses', () => {
  it("gives a student their promotion's exams, deadlines and episodes, not another promotion's", async () => {
    const entries = await derivedEntries(db, actorOf(student), null);
    expect(entries.map((entry) => entry.key)).toEqual([
      `exam:${winterExam.id}`,
      `deadline:${project.id}`,
      `episode:${episode.id}`,
      `exam:${exam.id}`,
    ]);
    expect(await keysOf(otherStudent)).toEqual([`exam:${otherExam.id}`]);

    const byKey = new Map(entries.map((entry) => [entry.key, entry]));
    expect(byKey.get(`exam:${exam.id}`)).toMatchObject({
      kind: 'exam',
      title: 'Partiel · Algèbre',
      description: 'Amphi B',
      audience_label: 'Licence 1',
      starts_at: new Date('2027-06-10T07:00:00Z'),
      ends_at: new Date('2027-06-10T09:00:00Z'),
      href: `/evaluation-details/${exam.id}`,
      editable: false,
      event_id: null,
      all_day: false,
    });
    // The same wall-clock time in winter is one hour later in UTC.
    expect(byKey.get(`exam:${winterExam.id}`)!.starts_at).toEqual(new Date('2027-01-14T08:00:00Z'));
    expect(byKey.get(`deadline:${project.id}`)).toMatchObject({
      kind: 'deadline',
      title: 'Rapport · Algèbre',
      starts_at: new Date('2027-06-01T21:29:00Z'),
      ends_at: new Date('2027-06-01T21:59:00Z'),
      href: `/evaluation-details/${project.id}`,
    });
    expect(byKey.get(`episode:${episode.id}`)).toMatchObject({
      kind: 'episode',
      title: 'Séance 1 · Éthique',
      description: 'https://visio.example.test/1',
      href: `/${seminar.id}/episodes/${episode.id}?eventType=seminar`,
    });
    const colours = new Set(entries.map((entry) => `${entry.kind} ${entry.color_code}`));
    expect(colours.size).toBe(3);
    expect(entries.some((entry) => entry.key === `exam:${archived.id}`)).toBe(false);
  });

  it('gives staff the entries of their scope, linked to the staff pages', async () => {
    const mine = await derivedEntries(db, actorOf(teacher), null);
    expect(mine.map((entry) => entry.key).sort()).toEqual(
      [
        `exam:${winterExam.id}`,
        `deadline:${project.id}`,
        `episode:${episode.id}`,
        `exam:${exam.id}`,
      ].sort(),
    );
    const byKey = new Map(mine.map((entry) => [entry.key, entry]));
    expect(byKey.get(`exam:${exam.id}`)!.href).toBe(`/${subject.id}/evaluations/${exam.id}`);
    expect(byKey.get(`episode:${episode.id}`)!.href).toBe(
      `/${promotion.id}/${seminar.id}/episodes/${episode.id}`,
    );
    expect(await keysOf(otherTeacher)).toEqual([`exam:${otherExam.id}`]);
    expect((await keysOf(admin)).sort()).toEqual(
      [
        `exam:${winterExam.id}`,
        `deadline:${project.id}`,
        `episode:${episode.id}`,
        `exam:${exam.id}`,
        `exam:${otherExam.id}`,
      ].sort(),
    );
    const outsider = await createUser(db, 'admin', (await createInstitution(db)).id);
    expect(await keysOf(outsider)).toEqual([]);
  });

  it('keeps only what overlaps the range', async () => {
    // 10 June, Paris: the exam (09:00–11:00) only; the episode was the day before.
    expect(await keysOf(student, ['2027-06-09T22:00:00Z', '2027-06-10T22:00:00Z'])).toEqual([
      `exam:${exam.id}`,
    ]);
    // The range ends as the exam starts: not in it.
    expect(await keysOf(student, ['2027-06-10T00:00:00Z', '2027-06-10T07:00:00Z'])).toEqual([]);
    // The deadline's half hour overlaps a range that ends a minute into it.
    expect(await keysOf(student, ['2027-06-01T00:00:00Z', '2027-06-01T21:30:00Z'])).toEqual([
      `deadline:${project.id}`,
    ]);
    expect(await keysOf(student, ['2027-06-09T13:00:00Z', '2027-06-09T13:30:00Z'])).toEqual([
      `episode:${episode.id}`,
    ]);
  });
});
