import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../test/factories.ts';
import { evaluationReminders, evaluations, mailOutbox, notifications } from '../db/schema/index.ts';
import { renderMail } from '../mail/templates.ts';
import { announceOpenExams, sendDueReminders } from './reminders.ts';

// The test clock starts on Sunday 22 November 2026 at 10:00 UTC (11:00 in Paris).
const { ctx, db, clock } = await createTestApp();
const HOUR = 60 * 60 * 1000;
const school = await createInstitution(db, { timezone: 'Europe/Paris', name: 'Lycée Test' });
const alice = await createUser(db, 'student', school.id, { first_name: 'Alice', locale: 'de' });
const quiet = await createUser(db, 'student', school.id, { notify_email: false });
const carol = await createUser(db, 'student', school.id, { first_name: 'Carol' });
const dave = await createUser(db, 'student', school.id);
const promotion = await createPromotion(db, school.id, {
  students: [alice.id, quiet.id, carol.id],
});
const otherPromotion = await createPromotion(db, school.id, { students: [dave.id] });
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [], { name: 'Algèbre' });

// Tomorrow at 09:00 Paris (08:00 UTC), 22 hours ahead.
const exam = await createEvaluation(db, training, subject.id, {
  title: 'Partiel',
  date: '2026-11-23',
  start_time: '09:00',
  end_time: '11:00',
});
const project = await createEvaluation(db, training, subject.id, {
  type: 'project',
  title: 'Rapport',
  date: '2026-11-01',
  deadline: new Date('2026-11-22T15:00:00Z'),
});
const closedProject = await createEvaluation(db, training, subject.id, {
  type: 'project',
  date: '2026-11-01',
  deadline: new Date('2026-11-22T09:00:00Z'),
});
const laterExam = await createEvaluation(db, training, subject.id, { date: '2026-11-26' });
const archivedExam = await createEvaluation(db, training, subject.id, {
  date: '2026-11-23',
  archived_at: new Date('2026-11-01T00:00:00Z'),
});
const otherExam = await createEvaluation(db, await createTraining(db, otherPromotion), subject.id, {
  date: '2026-11-23',
});

const mails = async () =>
  (await db.select().from(mailOutbox)).filter((mail) =>
    ['exam-reminder', 'deadline-reminder'].includes(mail.template),
  );
const remindersOf = (id: number) =>
  db.select().from(evaluationReminders).where(eq(evaluationReminders.evaluation_id, id));

describe('the reminders the day before', () => {
  it('mails the students concerned once, even when two nodes run at the same moment', async () => {
    const [first, second] = await Promise.all([sendDueReminders(ctx), sendDueReminders(ctx)]);
    const sent = [...first, ...second].sort((a, b) => a.evaluation_id - b.evaluation_id);
    expect(sent).toEqual(
      [
        { evaluation_id: exam.id, recipients: 2 },
        { evaluation_id: project.id, recipients: 2 },
        { evaluation_id: otherExam.id, recipients: 1 },
      ].sort((a, b) => a.evaluation_id - b.evaluation_id),
    );

    const queued = await mails();
    expect(queued).toHaveLength(5);
    const examMails = queued.filter((mail) => mail.payload.evaluation_title === 'Partiel');
    expect(examMails.map((mail) => mail.to_address).sort()).toEqual(
      [alice.email, carol.email].sort(),
    );
    expect(queued.some((mail) => mail.to_address === quiet.email)).toBe(false);
    const toAlice = examMails.find((mail) => mail.to_address === alice.email)!;
    expect(toAlice).toMatchObject({ template: 'exam-reminder', locale: 'de' });
    const rendered = renderMail('exam-reminder', 'de', toAlice.payload);
    expect(rendered.subject).toBe('Erinnerung: Partiel beginnt bald');
    expect(rendered.text).toContain(
      '(Algèbre) beginnt am 23. November 2026, 09:00:00 (Europe/Paris)',
    );
    expect(rendered.text).toContain(`/evaluation-details/${exam.id}`);
    const toCarol = queued.find(
      (mail) => mail.to_address === carol.email && mail.template === 'deadline-reminder',
    )!;
    expect(toCarol.locale).toBe('fr');
    expect(toCarol.payload.evaluation_title).toBe('Rapport');

    expect(await remindersOf(exam.id)).toEqual([
      {
        evaluation_id: exam.id,
        due_at: new Date('2026-11-23T08:00:00Z'),
        sent_at: clock.now(),
        recipients: 2,
      },
    ]);
    for (const id of [closedProject.id, laterExam.id, archivedExam.id]) {
      expect(await remindersOf(id)).toEqual([]);
    }
  });

  it('sends nothing more on the next runs', async () => {
    clock.advance(HOUR);
    expect(await sendDueReminders(ctx)).toEqual([]);
    expect(await mails()).toHaveLength(5);
  });

  it('reminds again when a deadline moves', async () => {
    await db
      .update(evaluations)
      .set({ deadline: new Date('2026-11-22T18:00:00Z') })
      .where(eq(evaluations.id, project.id));
    expect(await sendDueReminders(ctx)).toEqual([{ evaluation_id: project.id, recipients: 2 }]);
    expect((await remindersOf(project.id)).map((row) => row.due_at).sort()).toEqual([
      new Date('2026-11-22T15:00:00Z'),
      new Date('2026-11-22T18:00:00Z'),
    ]);
    expect(await mails()).toHaveLength(7);
  });

  it('reminds of a later exam once it is a day away, never of a past one', async () => {
    // Wednesday 25 November, 11:00 UTC: the exam of Thursday 26 at 09:00 Paris is 21 hours away.
    clock.advance(3 * 24 * HOUR);
    const sent = await sendDueReminders(ctx);
    expect(sent).toEqual([{ evaluation_id: laterExam.id, recipients: 2 }]);
    const everyReminded = await db
      .select({ id: evaluationReminders.evaluation_id })
      .from(evaluationReminders)
      .where(inArray(evaluationReminders.evaluation_id, [closedProject.id, archivedExam.id]));
    expect(everyReminded).toEqual([]);
  });

  it('tells the students an exam is open at its start, once, and only its own students', async () => {
    // Thursday 26 November, 07:50 UTC: the exam opens at 09:00 Paris (08:00 UTC), not yet.
    clock.advance(20 * HOUR + 50 * 60 * 1000);
    expect(await announceOpenExams(ctx)).toEqual([]);
    clock.advance(20 * 60 * 1000);
    expect(await announceOpenExams(ctx)).toEqual([laterExam.id]);
    expect(await announceOpenExams(ctx)).toEqual([]);
    const told = await db
      .select({ user: notifications.user_id })
      .from(notifications)
      .where(eq(notifications.type, 'exam_open'));
    expect(told.map((row) => row.user).sort()).toEqual([alice.id, quiet.id, carol.id].sort());
    clock.advance(40 * 60 * 1000);
    expect(await announceOpenExams(ctx)).toEqual([]);
  });
});
