import { readFileSync } from 'node:fs';
import type { Role } from '@skolar/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createSession } from '../src/auth/sessions.ts';
import { hashToken, newToken } from '../src/auth/tokens.ts';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/client.ts';
import {
  annotations,
  announcements,
  attempts,
  attendanceCodes,
  attendanceJustifications,
  attendanceMarks,
  attendanceSessions,
  attendanceSignatures,
  bankQuestions,
  calendarFeeds,
  conversationMembers,
  conversations,
  discussionPosts,
  discussionThreads,
  events,
  groupStudents,
  groupSubjects,
  groups,
  institutionModules,
  institutions,
  markingProposals,
  messages,
  moduleSubjects,
  modules,
  notifications,
  programs,
  promotionStudents,
  questionDraws,
  questions,
  answers as quizAnswers,
  resources,
  results,
  rubrics,
  subjectLessons,
  submissions,
  teacherSubjects,
  trainingModules,
  transcriptDocuments,
  userBlocks,
  users,
} from '../src/db/schema/index.ts';
import { codeHash } from '../src/documents/codes.ts';
import { saveFile } from '../src/files/uploads.ts';
import { newVerificationCode } from '../src/modules/transcripts/transcripts.service.ts';
import { unsubscribeLink } from '../src/notify/notify.ts';
import { localDay, plusDays } from '../src/time.ts';
import {
  createChapter,
  createEpisode,
  createEvaluation,
  createInstitution,
  createLesson,
  createProgram,
  createPromotion,
  createSeminar,
  createSubject,
  createTraining,
  createUser,
} from './factories.ts';

/** Monday 23 November 2026, 08:00Z: the start of the events of the matrix. */
const WEEKLY_START = '2026-11-23T08:00:00.000Z';

/** One request of the authorization matrix. */
export interface MatrixRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Use a new session of the caller (for sign-out routes, which would end the caller's own). */
  freshSession?: boolean;
  /** The caller leaves once the request is sent: a live stream ends with its first events. */
  leaves?: boolean;
}

/** The people of an institution who act in the matrix (their own institution's columns). */
export interface Staff {
  institution: { id: number };
  admin: { id: number };
  superTeacher: { id: number };
  teacher: { id: number };
  student: { id: number };
}

/** A drawn signature: a small PNG as a data URL. */
const signaturePng = async () =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 120, height: 40, channels: 3, background: '#1a1d21' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

/**
 * New rows of one institution for one call, created on first use: a call that archives or
 * deletes its target never changes what the next call sees. The institution's own teacher and
 * student are in the promotion, the group and the subject, so that they are in scope.
 */
export class Fixture {
  private cache = new Map<string, Promise<unknown>>();
  constructor(
    private readonly db: Db,
    private readonly ctx: AppContext,
    readonly staff: Staff,
  ) {}

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key) as Promise<T>;
  }

  async extraSessionId(userId: number) {
    return (await extraSession(this.db, this.ctx, userId)).sessionId;
  }

  get institutionId() {
    return this.staff.institution.id;
  }

  promotion() {
    return this.once('promotion', () =>
      createPromotion(this.db, this.institutionId, {
        students: [this.staff.student.id],
        teachers: [this.staff.teacher.id],
      }),
    );
  }
  async programId() {
    return (await this.promotion()).program_id;
  }
  training() {
    return this.once('training', async () => createTraining(this.db, await this.promotion()));
  }
  /** A training of the catalogue (public, not archived), in the promotion. */
  publicTraining() {
    return this.once('publicTraining', async () =>
      createTraining(this.db, await this.promotion(), { visibility: 'public' }),
    );
  }
  seminar() {
    return this.once('seminar', async () => createSeminar(this.db, await this.promotion()));
  }
  episode() {
    return this.once('episode', async () =>
      createEpisode(this.db, (await this.seminar()).id, { location: 'Room 1' }),
    );
  }
  /** A link resource of the episode. */
  episodeResource() {
    return this.once('episodeResource', async () => {
      const [row] = await this.db
        .insert(resources)
        .values({
          episode_id: (await this.episode()).id,
          kind: 'link',
          title: 'Slides',
          url: 'https://slides.example.test',
        })
        .returning();
      return row!;
    });
  }
  /** The module, taught in the training. */
  trainingModule() {
    return this.once('trainingModule', async () => {
      const module = await this.module();
      await this.db
        .insert(trainingModules)
        .values({ training_id: (await this.training()).id, module_id: module.id });
      return module;
    });
  }
  subject() {
    return this.once('subject', () =>
      createSubject(this.db, this.institutionId, [this.staff.teacher.id]),
    );
  }
  module() {
    return this.once('module', async () => {
      const [row] = await this.db
        .insert(modules)
        .values({ name: `Module ${next()}` })
        .returning();
      await this.db
        .insert(institutionModules)
        .values({ institution_id: this.institutionId, module_id: row!.id });
      await this.db
        .insert(moduleSubjects)
        .values({ module_id: row!.id, subject_id: (await this.subject()).id });
      return row!;
    });
  }
  /** Another subject the institution's teacher teaches. */
  secondSubject() {
    return this.once('secondSubject', () =>
      createSubject(this.db, this.institutionId, [this.staff.teacher.id]),
    );
  }
  /** A lesson of the second subject only, to link to the subject. */
  spareLesson() {
    return this.once('spareLesson', async () => createLesson(this.db, await this.secondSubject()));
  }
  /** A lesson of the subject that the second subject shares, so that it may be unlinked. */
  sharedLesson() {
    return this.once('sharedLesson', async () => {
      const lesson = await createLesson(this.db, await this.subject());
      await this.db
        .insert(subjectLessons)
        .values({ subject_id: (await this.secondSubject()).id, lesson_id: lesson.id });
      return lesson;
    });
  }
  /** A module of the catalogue that no institution has yet. */
  freeModule() {
    return this.once('freeModule', async () => {
      const [row] = await this.db
        .insert(modules)
        .values({ name: `Free module ${next()}` })
        .returning();
      return row!;
    });
  }
  /** A program of the catalogue that no institution has yet. */
  freeProgram() {
    return this.once('freeProgram', async () => {
      const [row] = await this.db
        .insert(programs)
        .values({ name: `Free program ${next()}`, sector: 'Art' })
        .returning();
      return row!;
    });
  }
  program() {
    return this.once('program', () => createProgram(this.db, this.institutionId));
  }
  group() {
    return this.once('group', async () => {
      const promotion = await this.promotion();
      const [row] = await this.db
        .insert(groups)
        .values({ institution_id: this.institutionId, promotion_id: promotion.id, name: 'G' })
        .returning();
      await this.db
        .insert(groupStudents)
        .values({ group_id: row!.id, student_id: this.staff.student.id });
      await this.db
        .insert(groupSubjects)
        .values({ group_id: row!.id, subject_id: (await this.subject()).id });
      return row!;
    });
  }
  /** A student of the institution other than the acting one, in the promotion and the group. */
  /** The private calendar feed of the institution's student (replacing theirs): its token. */
  async calendarFeedToken() {
    const token = newToken();
    await this.db
      .insert(calendarFeeds)
      .values({ user_id: this.staff.student.id, token_hash: hashToken(token) })
      .onConflictDoUpdate({ target: calendarFeeds.user_id, set: { token_hash: hashToken(token) } });
    return token;
  }
  /** A transcript issued to the institution's student, printed with that code. */
  async transcriptDocument(code: string) {
    const promotion = await this.promotion();
    await this.db.insert(transcriptDocuments).values({
      code_hash: codeHash(code),
      institution_id: this.institutionId,
      student_id: this.staff.student.id,
      issued_by: this.staff.student.id,
      issued_at: new Date('2026-11-22T10:00:00Z'),
      locale: 'fr',
      content: {
        student: { id: this.staff.student.id, first_name: 'Test', last_name: 'Student' },
        institution: {
          id: this.institutionId,
          name: 'Institut',
          color_code: '#336699',
          logo_link: null,
          time_zone: 'Europe/Paris',
        },
        promotion: {
          id: promotion.id,
          name: promotion.name,
          academic_year: '2026-2027',
          level: 'L1',
        },
        program: { id: promotion.program_id, name: 'Programme' },
        levels: ['L1', 'L2'],
        average: null,
        subjects: [],
        promotions: [],
        generated_at: '2026-11-22T10:00:00.000Z',
      },
    });
  }

  /** The teacher's event for the promotion: one-off, or weekly on Mondays (four times). */
  event(weekly = false) {
    return this.once(weekly ? 'weeklyEvent' : 'event', async () => {
      const [row] = await this.db
        .insert(events)
        .values({
          institution_id: this.institutionId,
          owner_id: this.staff.teacher.id,
          title: weekly ? 'Weekly class' : 'Class',
          starts_at: new Date(WEEKLY_START),
          ends_at: new Date('2026-11-23T09:30:00.000Z'),
          audience: 'promotion',
          audience_id: (await this.promotion()).id,
          recurrence: weekly ? 'FREQ=WEEKLY;BYDAY=MO;COUNT=4' : null,
        })
        .returning();
      return row!;
    });
  }

  student() {
    return this.once('student', async () => {
      const student = await createUser(this.db, 'student', this.institutionId);
      const promotion = await this.promotion();
      await this.db
        .insert(promotionStudents)
        .values({ promotion_id: promotion.id, student_id: student.id });
      await this.db
        .insert(groupStudents)
        .values({ group_id: (await this.group()).id, student_id: student.id });
      return student;
    });
  }
  /** A teacher of the institution other than the acting one, teaching the subject. */
  teacher() {
    return this.once('teacher', async () => {
      const teacher = await createUser(this.db, 'teacher', this.institutionId);
      await this.db
        .insert(teacherSubjects)
        .values({ teacher_id: teacher.id, subject_id: (await this.subject()).id });
      return teacher;
    });
  }
  /** A lesson of the subject, which the students of the promotion study (through the training). */
  lesson() {
    return this.once('lesson', async () => {
      await this.trainingModule();
      return createLesson(this.db, await this.subject());
    });
  }
  chapter() {
    return this.once('chapter', async () => createChapter(this.db, (await this.lesson()).id));
  }
  /** A link resource of the chapter. */
  resource() {
    return this.once('resource', async () => {
      const [row] = await this.db
        .insert(resources)
        .values({
          chapter_id: (await this.chapter()).id,
          kind: 'link',
          title: 'Link',
          url: 'https://example.test/',
        })
        .returning();
      return row!;
    });
  }
  /** The picture of a student of the institution, linked from their account. */
  picture() {
    return this.once('picture', async () => {
      const student = await this.student();
      const bytes = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#123456' },
      })
        .png()
        .toBuffer();
      const saved = await saveFile(this.ctx, this.db, {
        kind: 'user/picture',
        ownerId: student.id,
        institutionId: this.institutionId,
        bytes,
        filename: 'me.png',
      });
      await this.db.update(users).set({ picture_link: saved.url }).where(eq(users.id, student.id));
      return saved;
    });
  }
  /** An online exam open all day today (by the test's clock), with one single-choice question. */
  openExam() {
    return this.once('openExam', async () => {
      const [school] = await this.db
        .select({ timezone: institutions.timezone })
        .from(institutions)
        .where(eq(institutions.id, this.institutionId));
      const exam = await this.subjectEvaluation({
        date: localDay(this.ctx.clock.now(), school!.timezone),
        start_time: '00:00',
        end_time: '23:59:59',
        duration_minutes: 60,
        has_quiz: true,
      });
      const [question] = await this.db
        .insert(questions)
        .values({
          evaluation_id: exam.id,
          kind: 'single',
          prompt: 'Pick one',
          choices: ['a', 'b'],
          answer_key: { choices: [0] },
        })
        .returning();
      return { ...exam, question_id: question!.id };
    });
  }
  /** An evaluation of the institution's subject, in its training (fields as the factory takes them). */
  private async subjectEvaluation(fields: Parameters<typeof createEvaluation>[3] = {}) {
    return createEvaluation(this.db, await this.training(), (await this.subject()).id, fields);
  }
  /** A question of an exam no student has started (its quiz may still change). */
  examQuestion() {
    return this.once('examQuestion', async () => {
      const exam = await this.subjectEvaluation({
        has_quiz: true,
      });
      const [question] = await this.db
        .insert(questions)
        .values({ evaluation_id: exam.id, kind: 'long', prompt: 'Explain' })
        .returning();
      return question!;
    });
  }
  /** A question of the bank of the institution's subject, in the category `Fixture`. */
  bankQuestion() {
    return this.once('bankQuestion', async () => {
      const [row] = await this.db
        .insert(bankQuestions)
        .values({
          institution_id: this.institutionId,
          subject_id: (await this.subject()).id,
          category: 'Fixture',
          kind: 'short',
          prompt: 'Two plus two?',
          answer_key: { accepted: ['4'] },
        })
        .returning();
      return row!;
    });
  }
  /** A rubric of the subject's library (issue 31). */
  libraryRubric() {
    return this.once('libraryRubric', async () => {
      const [row] = await this.db
        .insert(rubrics)
        .values({
          institution_id: this.institutionId,
          subject_id: (await this.subject()).id,
          kind: 'guide',
          title: 'Guide',
          criteria: [{ id: 'c', title: 'Clarté', description: null, max_points: 5, levels: [] }],
        })
        .returning();
      return row!;
    });
  }
  /** The rubric of the graded evaluation (issue 31). */
  evaluationRubric() {
    return this.once('evaluationRubric', async () => {
      const result = await this.gradedResult();
      const [row] = await this.db
        .insert(rubrics)
        .values({
          institution_id: this.institutionId,
          subject_id: (await this.subject()).id,
          evaluation_id: result.evaluation_id,
          kind: 'guide',
          title: 'Guide',
          criteria: [{ id: 'c', title: 'Clarté', description: null, max_points: 5, levels: [] }],
        })
        .returning();
      return row!;
    });
  }
  /** A session created by hand for the promotion, running now, trained by the teacher (issue 32). */
  attendanceSession() {
    return this.once('attendanceSession', async () => {
      const now = this.ctx.clock.now().getTime();
      const [row] = await this.db
        .insert(attendanceSessions)
        .values({
          institution_id: this.institutionId,
          kind: 'manual',
          title: 'Séance',
          starts_at: new Date(now - 10 * 60_000),
          ends_at: new Date(now + 50 * 60_000),
          audience: 'promotion',
          audience_id: (await this.promotion()).id,
          trainer_id: this.staff.teacher.id,
          code_secret: '00'.repeat(32),
        })
        .returning();
      return row!;
    });
  }
  /** The institution's student marked present this morning at that session. */
  attendancePresent() {
    return this.once('attendancePresent', async () => {
      const session = await this.attendanceSession();
      await this.db.insert(attendanceMarks).values({
        session_id: session.id,
        student_id: this.staff.student.id,
        half_day: 'am',
        status: 'present',
        source: 'roll_call',
      });
      return session;
    });
  }
  /** The student's signature for that morning. */
  attendanceSignature() {
    return this.once('attendanceSignature', async () => {
      const session = await this.attendancePresent();
      const [row] = await this.db
        .insert(attendanceSignatures)
        .values({
          session_id: session.id,
          signer_id: this.staff.student.id,
          role: 'learner',
          half_day: 'am',
          image: await signaturePng(),
          statement: '{}',
          statement_sha256: '0'.repeat(64),
          device: 'own',
          recorded_by: this.staff.student.id,
          signed_at: this.ctx.clock.now(),
        })
        .returning();
      return row!;
    });
  }
  /** A notification of the student's, unread (decision 200). */
  notification() {
    return this.once('notification', async () => {
      const [row] = await this.db
        .insert(notifications)
        .values({
          institution_id: this.institutionId,
          user_id: this.staff.student.id,
          type: 'grade_published',
          params: { evaluation: 'Matrix', subject: 'Matrix' },
          link: '/results',
          notified_at: this.ctx.clock.now(),
        })
        .returning();
      return row!;
    });
  }
  /** An announcement of the teacher's to the promotion, out (decision 201). */
  announcement() {
    return this.once('announcement', async () => {
      const now = this.ctx.clock.now();
      const [row] = await this.db
        .insert(announcements)
        .values({
          institution_id: this.institutionId,
          author_id: this.staff.teacher.id,
          audience: 'promotion',
          audience_id: (await this.promotion()).id,
          title: 'Matrix',
          body: '<p>Matrix</p>',
          publish_at: now,
          published_at: now,
          posted_at: now,
        })
        .returning();
      return row!;
    });
  }
  /**
   * A question of the student's in the subject their promotion studies, with its opening post
   * (the student's) and a reply of the teacher's (decision 202).
   */
  discussion() {
    return this.once('discussion', async () => {
      await this.trainingModule();
      const now = this.ctx.clock.now();
      const [thread] = await this.db
        .insert(discussionThreads)
        .values({
          institution_id: this.institutionId,
          subject_id: (await this.subject()).id,
          author_id: this.staff.student.id,
          title: 'Matrix',
          is_question: true,
          opened_at: now,
          last_activity_at: now,
        })
        .returning();
      const [opening, reply] = await this.db
        .insert(discussionPosts)
        .values([
          {
            thread_id: thread!.id,
            author_id: this.staff.student.id,
            is_opening: true,
            body: '<p>Matrix?</p>',
            posted_at: now,
          },
          {
            thread_id: thread!.id,
            author_id: this.staff.teacher.id,
            body: '<p>Matrix.</p>',
            posted_at: now,
          },
        ])
        .returning();
      return { thread: thread!, opening: opening!, reply: reply! };
    });
  }
  /**
   * A conversation of the student and the teacher, who share the subject (decision 203), with a
   * message of the student's.
   */
  conversation() {
    return this.once('conversation', async () => {
      await this.trainingModule();
      const now = this.ctx.clock.now();
      const [row] = await this.db
        .insert(conversations)
        .values({
          institution_id: this.institutionId,
          started_by: this.staff.student.id,
          started_at: now,
          last_message_at: now,
        })
        .returning();
      await this.db.insert(conversationMembers).values([
        { conversation_id: row!.id, user_id: this.staff.student.id },
        { conversation_id: row!.id, user_id: this.staff.teacher.id },
      ]);
      await this.db.insert(messages).values({
        conversation_id: row!.id,
        author_id: this.staff.student.id,
        body: 'Matrix',
        sent_at: now,
      });
      return row!;
    });
  }
  /** Another learner of the promotion, whom each of the institution's people has blocked. */
  blockedClassmate() {
    return this.once('blockedClassmate', async () => {
      const classmate = await createUser(this.db, 'student', this.institutionId);
      await this.db
        .insert(promotionStudents)
        .values({ promotion_id: (await this.promotion()).id, student_id: classmate.id });
      const { admin, superTeacher, teacher, student } = this.staff;
      await this.db.insert(userBlocks).values(
        [admin, superTeacher, teacher, student].map((who) => ({
          blocker_id: who.id,
          blocked_id: classmate.id,
          blocked_at: this.ctx.clock.now(),
        })),
      );
      return classmate;
    });
  }
  /** Another learner of the promotion. */
  classmate() {
    return this.once('classmate', async () => {
      const classmate = await createUser(this.db, 'student', this.institutionId);
      await this.db
        .insert(promotionStudents)
        .values({ promotion_id: (await this.promotion()).id, student_id: classmate.id });
      return classmate;
    });
  }
  /** The token of an unsubscribe link mailed to the student. */
  unsubscribeToken() {
    return this.once(
      'unsubscribe',
      async () =>
        (await unsubscribeLink(this.ctx, this.db, this.staff.student.id, 'grade_published'))
          .split('/')
          .pop()!,
    );
  }
  /** The student's justification of this morning's absences, pending (decision 199). */
  justification() {
    return this.once('justification', async () => {
      const day = localDay(this.ctx.clock.now(), 'Europe/Paris');
      const saved = await saveFile(this.ctx, this.db, {
        kind: 'attendance/justification',
        ownerId: this.staff.student.id,
        institutionId: this.institutionId,
        bytes: PDF,
        filename: 'note.pdf',
      });
      const [row] = await this.db
        .insert(attendanceJustifications)
        .values({
          institution_id: this.institutionId,
          student_id: this.staff.student.id,
          from_day: day,
          to_day: day,
          reason: 'Rendez-vous médical',
          file_id: saved.id,
        })
        .returning();
      return row!;
    });
  }
  /** The 30 days around the clock, as a query of days. */
  attendanceMonth() {
    const now = this.ctx.clock.now().getTime();
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    return `from=${day(-15)}&to=${day(15)}`;
  }
  /** A check-in code of that session, shown now. */
  attendanceCode() {
    return this.once('attendanceCode', async () => {
      const now = this.ctx.clock.now();
      const [row] = await this.db
        .insert(attendanceCodes)
        .values({
          session_id: (await this.attendanceSession()).id,
          // Another code per institution: a student types only their own sessions' codes.
          code: String(this.institutionId)
            .padStart(6, '0')
            .replace(/\d/g, (digit) => 'ABCDEFGHJK'[Number(digit)]!),
          issued_at: now,
          expires_at: new Date(now.getTime() + 20_000),
        })
        .returning();
      return row!;
    });
  }
  /** A project marked twice whose two markers have proposed the student's grade (decision 197). */
  twiceMarked() {
    return this.once('twiceMarked', async () => {
      const project = await this.subjectEvaluation({
        type: 'project',
        deadline: this.ctx.clock.now(),
        second_marking: true,
      });
      const now = this.ctx.clock.now();
      await this.db.insert(markingProposals).values(
        [1, 2].map((round) => ({
          evaluation_id: project.id,
          student_id: this.staff.student.id,
          round,
          grade: 10 + round,
          created_at: now,
          updated_at: now,
        })),
      );
      return project;
    });
  }
  /** A random draw of an exam no student has started, with a pool of one question. */
  questionDraw() {
    return this.once('questionDraw', async () => {
      const exam = await this.subjectEvaluation({ has_quiz: true });
      const [draw] = await this.db
        .insert(questionDraws)
        .values({ evaluation_id: exam.id, category: 'Fixture', count: 1, points: 1, position: 1 })
        .returning();
      await this.db.insert(questions).values({
        evaluation_id: exam.id,
        kind: 'short',
        prompt: 'Two plus two?',
        answer_key: { accepted: ['4'] },
        draw_id: draw!.id,
        position: 1,
      });
      return draw!;
    });
  }
  /** An exam no student has started whose quiz holds one question, to reorder. */
  orderedQuestion() {
    return this.once('orderedQuestion', async () => {
      const exam = await this.subjectEvaluation({ has_quiz: true });
      const [question] = await this.db
        .insert(questions)
        .values({ evaluation_id: exam.id, kind: 'long', prompt: 'Explain' })
        .returning();
      return question!;
    });
  }
  /** The institution's student's open attempt at the open exam. */
  examAttempt() {
    return this.once('examAttempt', async () => {
      const exam = await this.openExam();
      const now = this.ctx.clock.now();
      const [attempt] = await this.db
        .insert(attempts)
        .values({
          evaluation_id: exam.id,
          student_id: this.staff.student.id,
          started_at: now,
          deadline_at: new Date(now.getTime() + 3_600_000),
        })
        .returning();
      return attempt!;
    });
  }
  /** A published result (12/20) of the institution's student at an exam of the subject. */
  gradedResult() {
    return this.once('gradedResult', async () => {
      const exam = await this.subjectEvaluation();
      const now = this.ctx.clock.now();
      const [row] = await this.db
        .insert(results)
        .values({
          evaluation_id: exam.id,
          student_id: this.staff.student.id,
          grade: 12,
          version: 1,
          published_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning();
      return row!;
    });
  }
  /** The student's closed attempt at an online exam, with a written answer to mark. */
  closedAttempt() {
    return this.once('closedAttempt', async () => {
      const exam = await this.subjectEvaluation({
        has_quiz: true,
      });
      const [question] = await this.db
        .insert(questions)
        .values({ evaluation_id: exam.id, kind: 'long', prompt: 'Explain', points: 4 })
        .returning();
      const now = this.ctx.clock.now();
      const [attempt] = await this.db
        .insert(attempts)
        .values({
          evaluation_id: exam.id,
          student_id: this.staff.student.id,
          started_at: now,
          deadline_at: now,
          finished_at: now,
          finished_by: 'student',
          score: 0,
        })
        .returning();
      await this.db
        .insert(quizAnswers)
        .values({ attempt_id: attempt!.id, question_id: question!.id, value: { text: 'So.' } });
      return { ...attempt!, question_id: question!.id };
    });
  }
  /** A project of the subject in the training, open from two days ago until three days ahead. */
  openProject() {
    return this.once('openProject', async () => {
      const now = this.ctx.clock.now();
      return this.subjectEvaluation({
        type: 'project',
        date: plusDays(localDay(now, 'UTC'), -2),
        deadline: new Date(now.getTime() + 3 * 24 * 3_600_000),
      });
    });
  }
  /** Version 1 of the institution's student's hand-in to the open project. */
  projectSubmission() {
    return this.once('projectSubmission', async () => {
      const project = await this.openProject();
      const file = await saveFile(this.ctx, this.db, {
        kind: 'submission',
        ownerId: this.staff.student.id,
        institutionId: this.institutionId,
        bytes: PDF,
        filename: 'hand-in.pdf',
      });
      const [row] = await this.db
        .insert(submissions)
        .values({
          evaluation_id: project.id,
          student_id: this.staff.student.id,
          file_id: file.id,
          submitted_at: this.ctx.clock.now(),
          version: 1,
        })
        .returning();
      return row!;
    });
  }

  /** A comment on the hand-in, whose grade is published (its student reads it). */
  annotation() {
    return this.once('annotation', async () => {
      const submission = await this.projectSubmission();
      const now = this.ctx.clock.now();
      await this.db.insert(results).values({
        evaluation_id: submission.evaluation_id,
        student_id: submission.student_id,
        grade: 14,
        published_at: now,
        created_at: now,
        updated_at: now,
      });
      const [row] = await this.db
        .insert(annotations)
        .values({
          submission_id: submission.id,
          page: 1,
          kind: 'comment',
          geometry: { x: 0.2, y: 0.3 },
          text: 'Relire',
          color: '#1a73e8',
        })
        .returning();
      return row!;
    });
  }

  /** An exam of the subject (in the training through its module), ten days ahead. */
  evaluationExam() {
    return this.once('evaluationExam', async () => {
      await this.trainingModule();
      return this.subjectEvaluation({
        date: plusDays(localDay(this.ctx.clock.now(), 'UTC'), 10),
        percentage: 10,
      });
    });
  }
  /** An exam that closed yesterday, with its correction uploaded. */
  evaluationClosedWithCorrection() {
    return this.once('evaluationClosedWithCorrection', async () => {
      await this.trainingModule();
      const saved = await saveFile(this.ctx, this.db, {
        kind: 'evaluation/correction',
        ownerId: this.staff.teacher.id,
        institutionId: this.institutionId,
        bytes: PDF,
        filename: 'correction.pdf',
      });
      return this.subjectEvaluation({
        date: plusDays(localDay(this.ctx.clock.now(), 'UTC'), -1),
        percentage: 10,
        correction_file_id: saved.id,
      });
    });
  }
}

/** A new institution with its four acting people, for the super-admin's destructive calls. */
export async function newStaff(db: Db): Promise<Staff> {
  const institution = await createInstitution(db);
  return {
    institution,
    admin: await createUser(db, 'admin', institution.id),
    superTeacher: await createUser(db, 'super-teacher', institution.id),
    teacher: await createUser(db, 'teacher', institution.id),
    student: await createUser(db, 'student', institution.id),
  };
}

/** Another session of the user, for calls that end the session they are made with. */
export async function extraSession(db: Db, ctx: AppContext, userId: number) {
  const { token, session } = await createSession(db, userId, ctx.clock.now(), {});
  return { token, sessionId: session.id };
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#654321' } })
    .png()
    .toBuffer();

const BOUNDARY = '----skolar-matrix';
async function multipartImage(field: string) {
  const bytes = await png();
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** The demo syllabus: a small valid PDF. */
const PDF = readFileSync(new URL('../src/ops/seed/demo-syllabus.pdf', import.meta.url));
function multipartPdf(field = 'file', fields: Record<string, string> = {}) {
  const head =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), PDF, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
const episodeBody = {
  title: 'Matrix',
  day: '2030-01-10',
  start_time: '09:00',
  end_time: '10:00',
  location: 'Room 2',
};

const person = (f: Fixture) => ({
  first_name: 'Eve',
  last_name: 'Matrix',
  email: `eve.${next()}.${f.institutionId}@example.test`,
  gender: 'Mme',
});
const promotionBody = async (f: Fixture) => ({
  program_id: await f.programId(),
  name: `P ${next()}`,
  academic_year: '2030-2031',
  level: 'L1',
});
const trainingBody = { title: 'Matrix', level: 'L1', total_hours: 1, visibility: 'public' };
const institutionBody = () => ({
  name: `Matrix ${next()}`,
  kind: 'school',
  color_code: '#112233',
  url: 'https://matrix.example.test',
  address: '1 rue',
  email: `matrix${next()}@example.test`,
  phone: 'fr0102030405',
  levels: ['L1'],
});
const contactBody = () => ({
  first_name: 'Ann',
  last_name: 'Visitor',
  email: `visitor${next()}@example.test`,
  phone: '',
  need: 'contact',
  object: 'Hello',
  message: 'A question',
});
const csv = () => `email;first_name;last_name\nimport${next()}@example.test;Ann;Import`;

/** The caller of a column, as the builders see it (their role and institution's people). */
export interface Caller {
  role: Role | 'guest';
  userId: number | null;
  password: string;
}

type Build = (f: Fixture, caller: Caller) => Promise<MatrixRequest> | MatrixRequest;

/**
 * How to call each route on the rows of a fixture (`f`: the caller's own institution, another
 * one, or a new one for the super-admin). Bodies are valid, so an allowed call reaches its work.
 */
export const REQUESTS: Record<string, Build> = {
  'GET /api/docs': () => ({ url: '/api/docs' }),
  'GET /api/docs/static/index.html': () => ({ url: '/api/docs/static/index.html' }),
  'GET /api/docs/static/swagger-initializer.js': () => ({
    url: '/api/docs/static/swagger-initializer.js',
  }),
  'GET /api/docs/json': () => ({ url: '/api/docs/json' }),
  'GET /api/docs/yaml': () => ({ url: '/api/docs/yaml' }),
  'GET /api/docs/static/*': () => ({ url: '/api/docs/static/swagger-ui.css' }),
  'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),
  'GET /api/health': () => ({ url: '/api/health' }),

  // Sign-in and account links: public, the same for everyone.
  'POST /api/auth/login': () => ({
    url: '/api/auth/login',
    payload: { email: 'nobody@example.test', password: 'wrong password' },
  }),
  'POST /api/auth/login/mfa': () => ({
    url: '/api/auth/login/mfa',
    payload: { mfa_token: 'not-a-token', code: '123456' },
  }),
  'POST /api/auth/logout': () => ({ url: '/api/auth/logout', freshSession: true }),
  'GET /api/auth/logout': () => ({ url: '/api/auth/logout', freshSession: true }),
  'POST /api/auth/verify-password-request': (_f, caller) => ({
    url: '/api/auth/verify-password-request',
    payload: { password: caller.password },
  }),
  'POST /api/auth/verify-token-validity/:token': () => ({
    url: '/api/auth/verify-token-validity/not-a-token',
  }),
  'GET /api/auth/info': () => ({ url: '/api/auth/info' }),
  // A super-admin exists in the matrix's database: the first-run setup is closed for everyone.
  'GET /api/setup/:token': () => ({ url: '/api/setup/not-a-token' }),
  'POST /api/setup/:token': () => ({
    url: '/api/setup/not-a-token',
    payload: {
      first_name: 'First',
      last_name: 'Admin',
      email: 'first-admin@example.test',
      password: 'Another#Pass2026',
      password_confirmation: 'Another#Pass2026',
    },
  }),
  'POST /api/auth/forgot-password': () => ({
    url: '/api/auth/forgot-password',
    payload: { email: 'nobody@example.test' },
  }),
  'GET /api/auth/verify-token/:token': () => ({ url: '/api/auth/verify-token/not-a-token' }),
  'POST /api/auth/reset-password/:token': () => ({
    url: '/api/auth/reset-password/not-a-token',
    payload: { password: 'Another#Pass2026', password_confirmation: 'Another#Pass2026' },
  }),
  'GET /api/auth/verify-email/:token': () => ({ url: '/api/auth/verify-email/not-a-token' }),
  'POST /api/auth/verify-email/:token': () => ({
    url: '/api/auth/verify-email/not-a-token',
    payload: { password: 'Another#Pass2026', password_confirmation: 'Another#Pass2026' },
  }),
  'POST /api/auth/verify-email-request': () => ({
    url: '/api/auth/verify-email-request',
    payload: { email: 'nobody@example.test' },
  }),
  'POST /api/auth/change-password': () => ({
    url: '/api/auth/change-password',
    payload: {
      current_password: 'not the password',
      password: 'Another#Pass2026',
      password_confirmation: 'Another#Pass2026',
    },
  }),
  'POST /api/auth/client-request': () => ({
    url: '/api/auth/client-request',
    payload: contactBody(),
  }),
  'POST /api/auth/user-request': () => ({ url: '/api/auth/user-request', payload: contactBody() }),

  // The caller's own account.
  'GET /api/me/settings': () => ({ url: '/api/me/settings' }),
  'PATCH /api/me/settings': () => ({
    url: '/api/me/settings',
    payload: { locale: 'fr', theme: 'light', notify_email: true, notify_offers: false },
  }),
  'GET /api/me/sessions': () => ({ url: '/api/me/sessions' }),
  'DELETE /api/me/sessions/:id': async (f, caller) => ({
    // Another session of the caller: ending the one the call is made with would sign them out.
    url: `/api/me/sessions/${caller.userId ? await f.extraSessionId(caller.userId) : 1}`,
  }),
  'POST /api/me/sessions/revoke-others': () => ({ url: '/api/me/sessions/revoke-others' }),
  'POST /api/me/mfa/setup': () => ({ url: '/api/me/mfa/setup' }),
  'POST /api/me/mfa/enable': () => ({ url: '/api/me/mfa/enable', payload: { code: '000000' } }),
  'POST /api/me/mfa/disable': () => ({ url: '/api/me/mfa/disable', payload: { code: '000000' } }),
  'GET /api/me/profile': () => ({ url: '/api/me/profile' }),
  'PATCH /api/me/profile': () => ({
    url: '/api/me/profile',
    payload: {
      first_name: 'Same',
      last_name: 'Person',
      gender: null,
      phone: null,
      date_of_birth: null,
    },
  }),
  'PUT /api/me/picture': async () => ({
    url: '/api/me/picture',
    payload: await png(),
    headers: { 'content-type': 'image/png' },
  }),
  'DELETE /api/me/picture': () => ({ url: '/api/me/picture' }),
  'GET /api/me/dashboard': () => ({ url: '/api/me/dashboard' }),

  // The student's learning space.
  'GET /api/me/trainings': () => ({ url: '/api/me/trainings' }),
  'GET /api/me/trainings/:id': async (f) => ({
    url: `/api/me/trainings/${(await f.training()).id}`,
  }),
  'GET /api/me/trainings/:id/resources': async (f) => ({
    url: `/api/me/trainings/${(await f.training()).id}/resources`,
  }),
  'GET /api/me/trainings/:id/evaluations': async (f) => ({
    url: `/api/me/trainings/${(await f.training()).id}/evaluations`,
  }),
  'GET /api/me/lessons/:id': async (f) => ({ url: `/api/me/lessons/${(await f.lesson()).id}` }),
  'GET /api/me/chapters/:id': async (f) => ({ url: `/api/me/chapters/${(await f.chapter()).id}` }),
  'PUT /api/me/chapters/:id/progress': async (f) => ({
    url: `/api/me/chapters/${(await f.chapter()).id}/progress`,
    payload: { done: true },
  }),
  'GET /api/me/resume': () => ({ url: '/api/me/resume' }),
  // The calendar as iCalendar, the private feed (issue 13).
  'GET /api/me/calendar.ics': () => ({ url: '/api/me/calendar.ics' }),
  'GET /api/me/calendar-feed': () => ({ url: '/api/me/calendar-feed' }),
  'POST /api/me/calendar-feed': () => ({ url: '/api/me/calendar-feed' }),
  'DELETE /api/me/calendar-feed': () => ({ url: '/api/me/calendar-feed' }),
  'GET /api/calendar-feeds/:token.ics': async (f) => ({
    url: `/api/calendar-feeds/${await f.calendarFeedToken()}.ics`,
  }),

  // Institutions.
  'GET /api/institutions': () => ({ url: '/api/institutions' }),
  'GET /api/institutions/:id': (f) => ({ url: `/api/institutions/${f.institutionId}` }),
  'POST /api/institutions': () => ({ url: '/api/institutions', payload: institutionBody() }),
  'PATCH /api/institutions/:id': (f) => ({
    url: `/api/institutions/${f.institutionId}`,
    payload: institutionBody(),
  }),
  'POST /api/institutions/:id/archive': (f) => ({
    url: `/api/institutions/${f.institutionId}/archive`,
  }),
  'POST /api/institutions/:id/unarchive': (f) => ({
    url: `/api/institutions/${f.institutionId}/unarchive`,
  }),
  'DELETE /api/institutions/:id': (f) => ({ url: `/api/institutions/${f.institutionId}` }),
  'POST /api/institutions/:id/logo': async (f) => ({
    url: `/api/institutions/${f.institutionId}/logo`,
    ...(await multipartImage('file')),
  }),
  'GET /api/institutions/:id/programs': (f) => ({
    url: `/api/institutions/${f.institutionId}/programs`,
  }),
  'PUT /api/institutions/:id/programs': async (f) => ({
    url: `/api/institutions/${f.institutionId}/programs`,
    payload: { ids: [(await f.freeProgram()).id] },
  }),
  'DELETE /api/institutions/:id/programs/:entryId': async (f) => ({
    url: `/api/institutions/${f.institutionId}/programs/${(await f.program()).id}`,
  }),
  'GET /api/institutions/:id/modules': (f) => ({
    url: `/api/institutions/${f.institutionId}/modules`,
  }),
  'PUT /api/institutions/:id/modules': async (f) => ({
    url: `/api/institutions/${f.institutionId}/modules`,
    payload: { ids: [(await f.freeModule()).id] },
  }),
  'DELETE /api/institutions/:id/modules/:entryId': async (f) => ({
    url: `/api/institutions/${f.institutionId}/modules/${(await f.module()).id}`,
  }),

  // The public catalogue.
  'GET /api/event/training': () => ({ url: '/api/event/training' }),
  'GET /api/event/training/:id': async (f) => ({
    url: `/api/event/training/${(await f.publicTraining()).id}`,
  }),
  'GET /api/event/institution': () => ({ url: '/api/event/institution' }),

  // Students and teachers.
  'GET /api/students': async (f) => ({
    url: `/api/students?promotion_id=${(await f.promotion()).id}`,
  }),
  'POST /api/students': async (f) => ({
    url: '/api/students',
    payload: { ...person(f), promotion_id: (await f.promotion()).id },
  }),
  'GET /api/students/:id': async (f) => ({ url: `/api/students/${(await f.student()).id}` }),
  'PATCH /api/students/:id': async (f) => ({
    url: `/api/students/${(await f.student()).id}`,
    payload: person(f),
  }),
  'POST /api/students/:id/archive': async (f) => ({
    url: `/api/students/${(await f.student()).id}/archive`,
  }),
  'POST /api/students/:id/unarchive': async (f) => ({
    url: `/api/students/${(await f.student()).id}/unarchive`,
  }),
  // The person has a session to end, so an allowed call ends something.
  'POST /api/students/:id/sessions/revoke': async (f) => {
    const { id } = await f.student();
    await f.extraSessionId(id);
    return { url: `/api/students/${id}/sessions/revoke` };
  },
  'GET /api/students/:id/groups': async (f) => ({
    url: `/api/students/${(await f.student()).id}/groups`,
  }),
  'PUT /api/students/:id/groups': async (f) => ({
    url: `/api/students/${(await f.student()).id}/groups`,
    payload: { ids: [(await f.group()).id] },
  }),
  'DELETE /api/students/:id/groups/:otherId': async (f) => ({
    url: `/api/students/${(await f.student()).id}/groups/${(await f.group()).id}`,
  }),
  'GET /api/teachers': () => ({ url: '/api/teachers' }),
  'POST /api/teachers': (f) => ({ url: '/api/teachers', payload: person(f) }),
  'GET /api/teachers/:id': async (f) => ({ url: `/api/teachers/${(await f.teacher()).id}` }),
  'PATCH /api/teachers/:id': async (f) => ({
    url: `/api/teachers/${(await f.teacher()).id}`,
    payload: person(f),
  }),
  'POST /api/teachers/:id/archive': async (f) => ({
    url: `/api/teachers/${(await f.teacher()).id}/archive`,
  }),
  'POST /api/teachers/:id/unarchive': async (f) => ({
    url: `/api/teachers/${(await f.teacher()).id}/unarchive`,
  }),
  'POST /api/teachers/:id/sessions/revoke': async (f) => {
    const { id } = await f.teacher();
    await f.extraSessionId(id);
    return { url: `/api/teachers/${id}/sessions/revoke` };
  },
  'GET /api/teachers/:id/subjects': async (f) => ({
    url: `/api/teachers/${(await f.teacher()).id}/subjects`,
  }),
  'PUT /api/teachers/:id/subjects': async (f) => ({
    url: `/api/teachers/${(await f.teacher()).id}/subjects`,
    payload: { ids: [(await f.subject()).id] },
  }),
  'DELETE /api/teachers/:id/subjects/:otherId': async (f) => ({
    url: `/api/teachers/${(await f.teacher()).id}/subjects/${(await f.subject()).id}`,
  }),

  // Promotions.
  'GET /api/promotions': async (f) => ({
    url: `/api/promotions?program_id=${await f.programId()}`,
  }),
  'POST /api/promotions': async (f) => ({
    url: '/api/promotions',
    payload: await promotionBody(f),
  }),
  'GET /api/promotions/programs': () => ({ url: '/api/promotions/programs' }),
  'GET /api/promotions/:id': async (f) => ({ url: `/api/promotions/${(await f.promotion()).id}` }),
  'PATCH /api/promotions/:id': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}`,
    payload: await promotionBody(f),
  }),
  'DELETE /api/promotions/:id': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}`,
  }),
  'POST /api/promotions/:id/archive': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/archive`,
  }),
  'POST /api/promotions/:id/unarchive': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/unarchive`,
  }),
  'GET /api/promotions/:id/students': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/students`,
  }),
  'PUT /api/promotions/:id/students': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/students`,
    payload: { ids: [(await f.student()).id] },
  }),
  'DELETE /api/promotions/:id/students/:otherId': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/students/${(await f.student()).id}`,
  }),
  'GET /api/promotions/:id/teachers': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/teachers`,
  }),
  'PUT /api/promotions/:id/teachers': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/teachers`,
    payload: { ids: [(await f.teacher()).id] },
  }),
  'DELETE /api/promotions/:id/teachers/:otherId': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/teachers/${f.staff.teacher.id}`,
  }),

  // Trainings.
  'GET /api/trainings': async (f) => ({
    url: `/api/trainings?promotion_id=${(await f.promotion()).id}`,
  }),
  'POST /api/trainings': async (f) => ({
    url: '/api/trainings',
    payload: { ...trainingBody, promotion_id: (await f.promotion()).id },
  }),
  'GET /api/trainings/:id': async (f) => ({ url: `/api/trainings/${(await f.training()).id}` }),
  'PATCH /api/trainings/:id': async (f) => ({
    url: `/api/trainings/${(await f.training()).id}`,
    payload: trainingBody,
  }),
  'DELETE /api/trainings/:id': async (f) => ({ url: `/api/trainings/${(await f.training()).id}` }),
  'POST /api/trainings/:id/cover': async (f) => ({
    url: `/api/trainings/${(await f.training()).id}/cover`,
    ...(await multipartImage('cover')),
  }),
  'POST /api/trainings/:id/archive': async (f) => ({
    url: `/api/trainings/${(await f.training()).id}/archive`,
  }),
  'POST /api/trainings/:id/unarchive': async (f) => ({
    url: `/api/trainings/${(await f.training()).id}/unarchive`,
  }),
  'GET /api/trainings/:id/modules': async (f) => ({
    url: `/api/trainings/${(await f.training()).id}/modules`,
  }),
  'PUT /api/trainings/:id/modules': async (f) => ({
    url: `/api/trainings/${(await f.training()).id}/modules`,
    payload: { ids: [(await f.module()).id] },
  }),
  'DELETE /api/trainings/:id/modules/:otherId': async (f) => ({
    url: `/api/trainings/${(await f.training()).id}/modules/${(await f.trainingModule()).id}`,
  }),

  // Groups.
  'GET /api/groups': async (f) => ({ url: `/api/groups?promotion_id=${(await f.promotion()).id}` }),
  'POST /api/groups': async (f) => ({
    url: '/api/groups',
    payload: { promotion_id: (await f.promotion()).id, name: `Group ${next()}` },
  }),
  'GET /api/groups/:id': async (f) => ({ url: `/api/groups/${(await f.group()).id}` }),
  'PATCH /api/groups/:id': async (f) => ({
    url: `/api/groups/${(await f.group()).id}`,
    payload: { name: 'Renamed' },
  }),
  'DELETE /api/groups/:id': async (f) => ({ url: `/api/groups/${(await f.group()).id}` }),
  'POST /api/groups/:id/archive': async (f) => ({
    url: `/api/groups/${(await f.group()).id}/archive`,
  }),
  'POST /api/groups/:id/unarchive': async (f) => ({
    url: `/api/groups/${(await f.group()).id}/unarchive`,
  }),
  'GET /api/groups/:id/students': async (f) => ({
    url: `/api/groups/${(await f.group()).id}/students`,
  }),
  'PUT /api/groups/:id/students': async (f) => ({
    url: `/api/groups/${(await f.group()).id}/students`,
    payload: { ids: [(await f.student()).id] },
  }),
  'DELETE /api/groups/:id/students/:otherId': async (f) => ({
    url: `/api/groups/${(await f.group()).id}/students/${(await f.student()).id}`,
  }),
  'GET /api/groups/:id/subjects': async (f) => ({
    url: `/api/groups/${(await f.group()).id}/subjects`,
  }),
  'PUT /api/groups/:id/subjects': async (f) => ({
    url: `/api/groups/${(await f.group()).id}/subjects`,
    payload: { ids: [(await f.subject()).id] },
  }),
  'DELETE /api/groups/:id/subjects/:otherId': async (f) => ({
    url: `/api/groups/${(await f.group()).id}/subjects/${(await f.subject()).id}`,
  }),

  // CSV imports (into the caller's own institution).
  'POST /api/imports/dry-run': () => ({
    url: '/api/imports/dry-run',
    payload: { kind: 'student', file_name: 'a.csv', content: csv() },
  }),
  'POST /api/imports': () => ({
    url: '/api/imports',
    payload: { kind: 'teacher', file_name: 'a.csv', content: csv() },
  }),
  'GET /api/imports': () => ({ url: '/api/imports?kind=student' }),
  // The audit log: a list of the caller's own institution's rows (every row for the super-admin).
  'GET /api/audit': () => ({ url: '/api/audit?action=delete' }),

  // Files.
  'GET /api/files/:id': async (f) => ({ url: (await f.picture()).url }),

  // Accounts (super-admin).
  'GET /api/users': () => ({ url: '/api/users' }),
  'GET /api/users/:id': async (f) => ({ url: `/api/users/${(await f.teacher()).id}` }),
  'POST /api/users': (f) => ({
    url: '/api/users',
    payload: { ...person(f), gender: undefined, role: 'teacher', institution_id: f.institutionId },
  }),
  'PATCH /api/users/:id': async (f) => {
    const teacher = await f.teacher();
    return {
      url: `/api/users/${teacher.id}`,
      payload: {
        first_name: 'Eve',
        last_name: 'Matrix',
        email: teacher.email,
        role: 'teacher',
        institution_id: f.institutionId,
      },
    };
  },
  'POST /api/users/:id/archive': async (f) => ({
    url: `/api/users/${(await f.teacher()).id}/archive`,
  }),
  'POST /api/users/:id/unarchive': async (f) => ({
    url: `/api/users/${(await f.teacher()).id}/unarchive`,
  }),
  'POST /api/users/:id/sessions/revoke': async (f) => {
    const { id } = await f.teacher();
    await f.extraSessionId(id);
    return { url: `/api/users/${id}/sessions/revoke` };
  },
  'DELETE /api/users/:id': async (f) => ({ url: `/api/users/${(await f.teacher()).id}` }),

  // Programs and modules of the catalogue.
  'GET /api/programs': () => ({ url: '/api/programs' }),
  'GET /api/programs/:id': async (f) => ({ url: `/api/programs/${(await f.program()).id}` }),
  'POST /api/programs': () => ({
    url: '/api/programs',
    payload: { name: `Program ${next()}`, sector: 'S', levels: [], description: '' },
  }),
  'PATCH /api/programs/:id': async (f) => ({
    url: `/api/programs/${(await f.program()).id}`,
    payload: { name: `Program ${next()}`, sector: 'S', levels: [], description: '' },
  }),
  'POST /api/programs/:id/archive': async (f) => ({
    url: `/api/programs/${(await f.program()).id}/archive`,
  }),
  'POST /api/programs/:id/unarchive': async (f) => ({
    url: `/api/programs/${(await f.program()).id}/unarchive`,
  }),
  'DELETE /api/programs/:id': async (f) => ({ url: `/api/programs/${(await f.program()).id}` }),
  'GET /api/modules': () => ({ url: '/api/modules' }),
  'GET /api/modules/:id': async (f) => ({ url: `/api/modules/${(await f.module()).id}` }),
  'POST /api/modules': () => ({
    url: '/api/modules',
    payload: { name: `Module ${next()}`, description: '', hourly_volume: 10 },
  }),
  'PATCH /api/modules/:id': async (f) => ({
    url: `/api/modules/${(await f.module()).id}`,
    payload: { name: `Module ${next()}`, description: '', hourly_volume: 10 },
  }),
  'POST /api/modules/:id/archive': async (f) => ({
    url: `/api/modules/${(await f.module()).id}/archive`,
  }),
  'POST /api/modules/:id/unarchive': async (f) => ({
    url: `/api/modules/${(await f.module()).id}/unarchive`,
  }),
  'DELETE /api/modules/:id': async (f) => ({ url: `/api/modules/${(await f.module()).id}` }),
  'GET /api/modules/:id/subjects': async (f) => ({
    url: `/api/modules/${(await f.module()).id}/subjects`,
  }),
  'PUT /api/modules/:id/subjects': async (f) => ({
    url: `/api/modules/${(await f.module()).id}/subjects`,
    payload: { ids: [(await f.subject()).id] },
  }),
  'DELETE /api/modules/:id/subjects/:subjectId': async (f) => ({
    url: `/api/modules/${(await f.module()).id}/subjects/${(await f.subject()).id}`,
  }),

  // Lessons and chapters.
  'GET /api/lessons': async (f) => {
    await f.lesson();
    return { url: `/api/lessons?subject_id=${(await f.subject()).id}` };
  },
  'POST /api/lessons': async (f) => ({
    url: '/api/lessons',
    payload: { title: `Lesson ${next()}`, summary: '', subject_id: (await f.subject()).id },
  }),
  'GET /api/lessons/:id': async (f) => ({ url: `/api/lessons/${(await f.lesson()).id}` }),
  'PATCH /api/lessons/:id': async (f) => ({
    url: `/api/lessons/${(await f.lesson()).id}`,
    payload: { title: 'Renamed' },
  }),
  'DELETE /api/lessons/:id': async (f) => ({ url: `/api/lessons/${(await f.lesson()).id}` }),
  'POST /api/lessons/:id/archive': async (f) => ({
    url: `/api/lessons/${(await f.lesson()).id}/archive`,
  }),
  'POST /api/lessons/:id/unarchive': async (f) => ({
    url: `/api/lessons/${(await f.lesson()).id}/unarchive`,
  }),
  'PUT /api/subjects/:id/lesson-order': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/lesson-order`,
    payload: { ids: [(await f.lesson()).id] },
  }),
  'PUT /api/lessons/:id/chapter-order': async (f) => ({
    url: `/api/lessons/${(await f.lesson()).id}/chapter-order`,
    payload: { ids: [(await f.chapter()).id] },
  }),
  'POST /api/lessons/:id/images': async (f) => ({
    url: `/api/lessons/${(await f.lesson()).id}/images`,
    ...(await multipartImage('file')),
  }),
  'GET /api/chapters': async (f) => ({ url: `/api/chapters?lesson_id=${(await f.lesson()).id}` }),
  'POST /api/chapters': async (f) => ({
    url: '/api/chapters',
    payload: { title: `Chapter ${next()}`, content: '<p>x</p>', lesson_id: (await f.lesson()).id },
  }),
  'GET /api/chapters/:id': async (f) => ({ url: `/api/chapters/${(await f.chapter()).id}` }),
  'PATCH /api/chapters/:id': async (f) => ({
    url: `/api/chapters/${(await f.chapter()).id}`,
    payload: { content: '<p>Edited</p>' },
  }),
  'DELETE /api/chapters/:id': async (f) => ({ url: `/api/chapters/${(await f.chapter()).id}` }),
  'POST /api/chapters/:id/archive': async (f) => ({
    url: `/api/chapters/${(await f.chapter()).id}/archive`,
  }),
  'POST /api/chapters/:id/unarchive': async (f) => ({
    url: `/api/chapters/${(await f.chapter()).id}/unarchive`,
  }),
  'POST /api/chapters/:id/resources': async (f) => ({
    url: `/api/chapters/${(await f.chapter()).id}/resources`,
    ...multipartPdf('file'),
  }),
  'POST /api/chapters/:id/links': async (f) => ({
    url: `/api/chapters/${(await f.chapter()).id}/links`,
    payload: { kind: 'link', title: 'Docs', url: 'https://example.test/docs' },
  }),
  'DELETE /api/chapters/:id/resources/:resourceId': async (f) => ({
    url: `/api/chapters/${(await f.chapter()).id}/resources/${(await f.resource()).id}`,
  }),

  // Seminars and episodes.
  'GET /api/seminars': async (f) => ({
    url: `/api/seminars?promotion_id=${(await f.promotion()).id}`,
  }),
  'POST /api/seminars': async (f) => ({
    url: '/api/seminars',
    payload: { promotion_id: (await f.promotion()).id, title: 'Matrix', visibility: 'public' },
  }),
  'GET /api/seminars/:id': async (f) => ({ url: `/api/seminars/${(await f.seminar()).id}` }),
  'PATCH /api/seminars/:id': async (f) => ({
    url: `/api/seminars/${(await f.seminar()).id}`,
    payload: { title: 'Renamed', visibility: 'public' },
  }),
  'DELETE /api/seminars/:id': async (f) => ({ url: `/api/seminars/${(await f.seminar()).id}` }),
  'POST /api/seminars/:id/archive': async (f) => ({
    url: `/api/seminars/${(await f.seminar()).id}/archive`,
  }),
  'POST /api/seminars/:id/unarchive': async (f) => ({
    url: `/api/seminars/${(await f.seminar()).id}/unarchive`,
  }),
  'POST /api/seminars/:id/syllabus': async (f) => ({
    url: `/api/seminars/${(await f.seminar()).id}/syllabus`,
    ...multipartPdf(),
  }),
  'POST /api/seminars/:id/episodes': async (f) => ({
    url: `/api/seminars/${(await f.seminar()).id}/episodes`,
    payload: episodeBody,
  }),
  'GET /api/me/seminars': () => ({ url: '/api/me/seminars' }),
  'GET /api/event/seminar': () => ({ url: '/api/event/seminar' }),
  'GET /api/episodes/:id': async (f) => ({ url: `/api/episodes/${(await f.episode()).id}` }),
  'PATCH /api/episodes/:id': async (f) => ({
    url: `/api/episodes/${(await f.episode()).id}`,
    payload: { title: 'Renamed', end_time: '11:00' },
  }),
  'DELETE /api/episodes/:id': async (f) => ({ url: `/api/episodes/${(await f.episode()).id}` }),
  'POST /api/episodes/:id/resources': async (f) => ({
    url: `/api/episodes/${(await f.episode()).id}/resources`,
    payload: { title: 'Slides', url: 'https://slides.example.test/2' },
  }),
  'DELETE /api/episodes/:id/resources/:resourceId': async (f) => ({
    url: `/api/episodes/${(await f.episode()).id}/resources/${(await f.episodeResource()).id}`,
  }),

  // Subjects and their lessons and teachers.
  'GET /api/subjects': () => ({ url: '/api/subjects' }),
  'POST /api/subjects': async (f) => ({
    url: '/api/subjects',
    payload: {
      name: `Subject ${next()}`,
      coefficient: 2,
      hourly_volume: 10,
      module_id: (await f.module()).id,
      institution_id: f.institutionId,
    },
  }),
  'GET /api/subjects/:id': async (f) => ({ url: `/api/subjects/${(await f.subject()).id}` }),
  'PATCH /api/subjects/:id': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}`,
    payload: { coefficient: 3 },
  }),
  'POST /api/subjects/:id/archive': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/archive`,
  }),
  'POST /api/subjects/:id/unarchive': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/unarchive`,
  }),
  'DELETE /api/subjects/:id': async (f) => ({ url: `/api/subjects/${(await f.subject()).id}` }),
  'GET /api/subjects/:id/lessons': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/lessons`,
  }),
  'PUT /api/subjects/:id/lessons': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/lessons`,
    payload: { ids: [(await f.spareLesson()).id] },
  }),
  'DELETE /api/subjects/:id/lessons/:lessonId': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/lessons/${(await f.sharedLesson()).id}`,
  }),
  'GET /api/subjects/:id/teachers': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/teachers`,
  }),
  'PUT /api/subjects/:id/teachers': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/teachers`,
    payload: { ids: [(await f.teacher()).id] },
  }),
  'DELETE /api/subjects/:id/teachers/:teacherId': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/teachers/${(await f.teacher()).id}`,
  }),

  // Evaluations (staff), their subject's budget, and the student's own.
  'GET /api/evaluations': async (f) => ({
    url: `/api/evaluations?subject_id=${(await f.subject()).id}`,
  }),
  'POST /api/evaluations': async (f) => {
    await f.trainingModule();
    return {
      url: '/api/evaluations',
      payload: {
        subject_id: (await f.subject()).id,
        training_id: (await f.training()).id,
        type: 'project',
        title: 'Matrix',
        date: '2030-01-10',
        deadline: '2030-01-20T18:00',
        percentage: 5,
      },
    };
  },
  'GET /api/evaluations/:id': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationExam()).id}`,
  }),
  'PATCH /api/evaluations/:id': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationExam()).id}`,
    payload: { title: 'Renamed', percentage: 12 },
  }),
  'DELETE /api/evaluations/:id': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationExam()).id}`,
  }),
  'POST /api/evaluations/:id/archive': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationExam()).id}/archive`,
  }),
  'POST /api/evaluations/:id/unarchive': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationExam()).id}/unarchive`,
  }),
  'POST /api/evaluations/:id/document': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationExam()).id}/document`,
    ...multipartPdf(),
  }),
  'DELETE /api/evaluations/:id/document': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationExam()).id}/document`,
  }),
  'POST /api/evaluations/:id/correction': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationExam()).id}/correction`,
    ...multipartPdf(),
  }),
  'DELETE /api/evaluations/:id/correction': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationExam()).id}/correction`,
  }),
  'GET /api/subjects/:id/evaluation-budget': async (f) => {
    await f.trainingModule();
    return { url: `/api/subjects/${(await f.subject()).id}/evaluation-budget` };
  },
  'GET /api/me/evaluations': () => ({ url: '/api/me/evaluations' }),
  // Results of the student, and the gradebook of a promotion.
  'GET /api/me/results': async (f) => ({
    url: `/api/me/results?training_id=${(await f.training()).id}`,
  }),
  'GET /api/promotions/:id/gradebook': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/gradebook`,
  }),
  'GET /api/promotions/:id/gradebook.csv': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/gradebook.csv`,
  }),
  'POST /api/promotions/:id/gradebook/dry-run': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/gradebook/dry-run`,
    payload: { file_name: 'notes.csv', content: `id;Nom\n${f.staff.student.id};X` },
  }),
  'POST /api/promotions/:id/gradebook': async (f) => ({
    url: `/api/promotions/${(await f.promotion()).id}/gradebook`,
    payload: { file_name: 'notes.csv', content: `id;Nom\n${f.staff.student.id};X` },
  }),
  'GET /api/me/evaluations/:id': async (f) => ({
    url: `/api/me/evaluations/${(await f.evaluationExam()).id}`,
  }),
  'GET /api/me/evaluations/:id/correction': async (f) => ({
    url: `/api/me/evaluations/${(await f.evaluationClosedWithCorrection()).id}/correction`,
  }),

  // Development helpers (DEV_ROUTES=1 in tests).
  'GET /api/dev/demo-accounts': () => ({ url: '/api/dev/demo-accounts' }),
  'GET /api/dev/mail': () => ({ url: '/api/dev/mail' }),
  // Exams: attempts, extra time and quiz questions.
  'POST /api/evaluations/:id/attempts': async (f) => ({
    url: `/api/evaluations/${(await f.openExam()).id}/attempts`,
  }),
  'GET /api/evaluations/:id/attempts': async (f) => ({
    url: `/api/evaluations/${(await f.openExam()).id}/attempts`,
  }),
  'PUT /api/evaluations/:id/extensions/:studentId': async (f) => ({
    url: `/api/evaluations/${(await f.openProject()).id}/extensions/${f.staff.student.id}`,
    payload: { deadline: '2030-06-01T12:00', reason: 'Certificat médical' },
  }),
  'PUT /api/evaluations/:id/group-extensions/:groupId': async (f) => ({
    url: `/api/evaluations/${(await f.openProject()).id}/group-extensions/${(await f.group()).id}`,
    payload: { deadline: '2030-06-01T12:00', reason: 'Sortie du groupe' },
  }),
  'DELETE /api/evaluations/:id/extensions/:studentId': async (f) => ({
    url: `/api/evaluations/${(await f.openProject()).id}/extensions/${f.staff.student.id}`,
  }),
  'PUT /api/evaluations/:id/accommodations/:studentId': async (f) => ({
    url: `/api/evaluations/${(await f.openExam()).id}/accommodations/${f.staff.student.id}`,
    payload: { extra_minutes: 15 },
  }),
  'GET /api/evaluations/:id/questions': async (f) => ({
    url: `/api/evaluations/${(await f.examQuestion()).evaluation_id}/questions`,
  }),
  'GET /api/evaluations/:id/statistics': async (f) => ({
    url: `/api/evaluations/${(await f.examQuestion()).evaluation_id}/statistics`,
  }),
  'GET /api/evaluations/:id/questions/export': async (f) => ({
    url: `/api/evaluations/${(await f.examQuestion()).evaluation_id}/questions/export?format=moodle_xml`,
  }),
  'POST /api/evaluations/:id/questions/try': async (f) => {
    const question = await f.examQuestion();
    return {
      url: `/api/evaluations/${question.evaluation_id}/questions/try`,
      payload: { answers: [{ question_id: question.id, value: { text: 'guess' } }] },
    };
  },
  'POST /api/evaluations/:id/questions': async (f) => ({
    url: `/api/evaluations/${(await f.examQuestion()).evaluation_id}/questions`,
    payload: { kind: 'short', prompt: 'Two plus two?', answer_key: { accepted: ['4'] } },
  }),
  'POST /api/evaluations/:id/questions/import/preview': async (f) => ({
    url: `/api/evaluations/${(await f.examQuestion()).evaluation_id}/questions/import/preview`,
    payload: { text: 'Two plus two? {=4 ~5}' },
  }),
  'POST /api/evaluations/:id/questions/import': async (f) => ({
    url: `/api/evaluations/${(await f.examQuestion()).evaluation_id}/questions/import`,
    payload: { text: 'Two plus two? {=4 ~5}' },
  }),
  'PATCH /api/questions/:id': async (f) => ({
    url: `/api/questions/${(await f.examQuestion()).id}`,
    payload: { prompt: 'Explain, again' },
  }),
  'DELETE /api/questions/:id': async (f) => ({
    url: `/api/questions/${(await f.examQuestion()).id}`,
  }),
  'PUT /api/evaluations/:id/questions/order': async (f) => {
    const question = await f.orderedQuestion();
    return {
      url: `/api/evaluations/${question.evaluation_id}/questions/order`,
      payload: { items: [{ type: 'question', id: question.id }] },
    };
  },
  // A subject's question bank, and exams built from it (decision 191).
  'GET /api/subjects/:id/bank-questions': async (f) => ({
    url: `/api/subjects/${(await f.bankQuestion()).subject_id}/bank-questions?q=two`,
  }),
  'GET /api/subjects/:id/bank-questions/export': async (f) => ({
    url: `/api/subjects/${(await f.bankQuestion()).subject_id}/bank-questions/export?format=moodle_xml`,
  }),
  'POST /api/subjects/:id/bank-questions': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/bank-questions`,
    payload: { kind: 'short', prompt: 'Three plus three?', answer_key: { accepted: ['6'] } },
  }),
  'POST /api/subjects/:id/bank-questions/import/preview': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/bank-questions/import/preview`,
    payload: { text: '$CATEGORY: Sums\n\nTwo plus three? {=5 ~6}' },
  }),
  'POST /api/subjects/:id/bank-questions/import': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/bank-questions/import`,
    payload: { text: '$CATEGORY: Sums\n\nTwo plus three? {=5 ~6}' },
  }),
  'PATCH /api/bank-questions/:id': async (f) => ({
    url: `/api/bank-questions/${(await f.bankQuestion()).id}`,
    payload: { tags: ['arithmetic'] },
  }),
  'GET /api/bank-questions/:id/versions': async (f) => ({
    url: `/api/bank-questions/${(await f.bankQuestion()).id}/versions`,
  }),
  'POST /api/bank-questions/:id/archive': async (f) => ({
    url: `/api/bank-questions/${(await f.bankQuestion()).id}/archive`,
  }),
  'POST /api/evaluations/:id/questions/from-bank': async (f) => ({
    url: `/api/evaluations/${(await f.examQuestion()).evaluation_id}/questions/from-bank`,
    payload: { bank_question_ids: [(await f.bankQuestion()).id] },
  }),
  'POST /api/evaluations/:id/draws': async (f) => {
    await f.bankQuestion();
    return {
      url: `/api/evaluations/${(await f.examQuestion()).evaluation_id}/draws`,
      payload: { category: 'Fixture', count: 1, points: 2 },
    };
  },
  'DELETE /api/question-draws/:id': async (f) => ({
    url: `/api/question-draws/${(await f.questionDraw()).id}`,
  }),
  'GET /api/attempts/:id': async (f) => ({ url: `/api/attempts/${(await f.examAttempt()).id}` }),
  'PUT /api/attempts/:id/answers': async (f) => ({
    url: `/api/attempts/${(await f.examAttempt()).id}/answers`,
    payload: {
      answers: [
        {
          question_id: (await f.openExam()).question_id,
          value: { choices: [1] },
          typed_at: '2026-11-22T10:00:00.000Z',
        },
      ],
    },
  }),
  'POST /api/attempts/:id/finish': async (f) => ({
    url: `/api/attempts/${(await f.examAttempt()).id}/finish`,
  }),

  // Project hand-ins.
  'POST /api/evaluations/:id/submissions': async (f) => ({
    url: `/api/evaluations/${(await f.openProject()).id}/submissions`,
    ...multipartPdf(),
  }),
  'GET /api/evaluations/:id/submissions': async (f) => {
    await f.projectSubmission();
    return { url: `/api/evaluations/${(await f.openProject()).id}/submissions` };
  },
  'GET /api/evaluations/:id/submissions.zip': async (f) => {
    await f.projectSubmission();
    return { url: `/api/evaluations/${(await f.openProject()).id}/submissions.zip` };
  },
  'GET /api/evaluations/:id/submissions/:studentId': async (f) => {
    const submission = await f.projectSubmission();
    return {
      url: `/api/evaluations/${submission.evaluation_id}/submissions/${f.staff.student.id}`,
    };
  },

  // Transcripts (issue 12): the student's own, staff's view of a student, the PDFs, verification.
  'GET /api/me/transcript': async (f) => {
    await f.promotion();
    return { url: '/api/me/transcript' };
  },
  'GET /api/me/transcript.pdf': async (f) => {
    await f.promotion();
    return { url: '/api/me/transcript.pdf' };
  },
  'GET /api/students/:id/transcript': async (f) => ({
    url: `/api/students/${(await f.student()).id}/transcript`,
  }),
  'GET /api/students/:id/transcript.pdf': async (f) => ({
    url: `/api/students/${(await f.student()).id}/transcript.pdf`,
  }),
  'GET /api/verify/:code': async (f) => {
    const code = newVerificationCode();
    await f.transcriptDocument(code);
    return { url: `/api/verify/${code}` };
  },
  // Grading: the grid, one result, its history, publication and marks.
  'GET /api/evaluations/:id/results': async (f) => ({
    url: `/api/evaluations/${(await f.gradedResult()).evaluation_id}/results`,
  }),
  'PUT /api/evaluations/:id/results': async (f) => ({
    url: `/api/evaluations/${(await f.gradedResult()).evaluation_id}/results`,
    payload: { results: [{ student_id: f.staff.student.id, grade: 15, version: 1 }] },
  }),
  'POST /api/evaluations/:id/publish': async (f) => ({
    url: `/api/evaluations/${(await f.gradedResult()).evaluation_id}/publish`,
    payload: {},
  }),
  'POST /api/evaluations/:id/reveal': async (f) => ({
    url: `/api/evaluations/${(await f.gradedResult()).evaluation_id}/reveal`,
    payload: {},
  }),
  'POST /api/evaluations/:id/regrade': async (f) => ({
    url: `/api/evaluations/${(await f.closedAttempt()).evaluation_id}/regrade`,
    payload: { dry_run: false },
  }),
  'PUT /api/attempts/:id/marks': async (f) => {
    const attempt = await f.closedAttempt();
    return {
      url: `/api/attempts/${attempt.id}/marks`,
      payload: { marks: [{ question_id: attempt.question_id, points: 3 }] },
    };
  },
  'GET /api/results': () => ({ url: '/api/results' }),
  'GET /api/results/:id': async (f) => ({ url: `/api/results/${(await f.gradedResult()).id}` }),
  'PATCH /api/results/:id': async (f) => ({
    url: `/api/results/${(await f.gradedResult()).id}`,
    payload: { grade: 14, version: 1 },
  }),
  'DELETE /api/results/:id': async (f) => ({ url: `/api/results/${(await f.gradedResult()).id}` }),
  'GET /api/results/:id/history': async (f) => ({
    url: `/api/results/${(await f.gradedResult()).id}/history`,
  }),
  // Marking (issue 31): the marking screen, rubrics, their library, a student's feedback.
  'GET /api/evaluations/:id/marking': async (f) => ({
    url: `/api/evaluations/${(await f.gradedResult()).evaluation_id}/marking`,
  }),
  'PUT /api/evaluations/:id/marking/:studentId': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationRubric()).evaluation_id}/marking/${f.staff.student.id}`,
    payload: { scores: [{ criterion_id: 'c', points: 4 }], grade: 16, version: 1 },
  }),
  'PUT /api/evaluations/:id/marking/:studentId/agreement': async (f) => ({
    url: `/api/evaluations/${(await f.twiceMarked()).id}/marking/${f.staff.student.id}/agreement`,
    payload: { grade: 11.5, comment: 'Convenu', version: 0 },
  }),
  'PUT /api/evaluations/:id/rubric': async (f) => ({
    url: `/api/evaluations/${(await f.gradedResult()).evaluation_id}/rubric`,
    payload: {
      kind: 'rubric',
      title: 'Grille',
      criteria: [
        {
          title: 'Plan',
          levels: [
            { title: 'Non', points: 0 },
            { title: 'Oui', points: 2 },
          ],
        },
      ],
    },
  }),
  'DELETE /api/evaluations/:id/rubric': async (f) => ({
    url: `/api/evaluations/${(await f.evaluationRubric()).evaluation_id}/rubric`,
  }),
  'GET /api/evaluations/:id/feedback': async (f) => ({
    url: `/api/evaluations/${(await f.gradedResult()).evaluation_id}/feedback`,
  }),
  'GET /api/subjects/:id/rubrics': async (f) => ({
    url: `/api/subjects/${(await f.libraryRubric()).subject_id}/rubrics`,
  }),
  'POST /api/subjects/:id/rubrics': async (f) => ({
    url: `/api/subjects/${(await f.subject()).id}/rubrics`,
    payload: { kind: 'guide', title: 'Guide', criteria: [{ title: 'Fond', max_points: 10 }] },
  }),
  'GET /api/submissions/:id/annotations': async (f) => ({
    url: `/api/submissions/${(await f.annotation()).submission_id}/annotations`,
  }),
  'POST /api/submissions/:id/annotations': async (f) => ({
    url: `/api/submissions/${(await f.annotation()).submission_id}/annotations`,
    payload: { kind: 'comment', page: 1, geometry: { x: 0.5, y: 0.5 }, text: 'Bien' },
  }),
  'GET /api/submissions/:id/annotated.pdf': async (f) => ({
    url: `/api/submissions/${(await f.annotation()).submission_id}/annotated.pdf`,
  }),
  'PATCH /api/annotations/:id': async (f) => ({
    url: `/api/annotations/${(await f.annotation()).id}`,
    payload: { text: 'Plus précis' },
  }),
  'DELETE /api/annotations/:id': async (f) => ({
    url: `/api/annotations/${(await f.annotation()).id}`,
  }),
  'POST /api/rubrics/:id/archive': async (f) => ({
    url: `/api/rubrics/${(await f.libraryRubric()).id}/archive`,
  }),
  // Calendar (issue 13): events, their occurrences, the planning.
  'GET /api/events': async (f) => {
    await f.event();
    return { url: `/api/events?start=${WEEKLY_START}&end=2026-11-30T00:00:00.000Z` };
  },
  'POST /api/events': () => ({
    url: '/api/events',
    payload: {
      title: 'Own',
      starts_at: '2026-11-24T08:00:00.000Z',
      ends_at: '2026-11-24T09:00:00.000Z',
    },
  }),
  'GET /api/events/:id': async (f) => ({ url: `/api/events/${(await f.event()).id}` }),
  'PATCH /api/events/:id': async (f) => ({
    url: `/api/events/${(await f.event()).id}`,
    payload: { title: 'Renamed' },
  }),
  'DELETE /api/events/:id': async (f) => ({ url: `/api/events/${(await f.event()).id}` }),
  'PUT /api/events/:id/occurrences/:start': async (f) => ({
    url: `/api/events/${(await f.event(true)).id}/occurrences/${WEEKLY_START}`,
    payload: { starts_at: '2026-11-24T08:00:00.000Z', ends_at: '2026-11-24T09:30:00.000Z' },
  }),
  'DELETE /api/events/:id/occurrences/:start': async (f) => ({
    url: `/api/events/${(await f.event(true)).id}/occurrences/${WEEKLY_START}`,
  }),
  'GET /api/me/planning': async (f) => {
    await f.event();
    return { url: `/api/me/planning?start=${WEEKLY_START}&end=2026-11-30T00:00:00.000Z` };
  },
  // Attendance (issue 32): the sessions, the roll call, check-in codes and the check-in.
  'GET /api/attendance/sessions': async (f) => {
    await f.attendanceSession();
    return { url: '/api/attendance/sessions' };
  },
  'GET /api/attendance/export.csv': async (f) => {
    await f.attendancePresent();
    return { url: '/api/attendance/export.csv' };
  },
  'POST /api/attendance/sessions/open': async (f) => ({
    url: '/api/attendance/sessions/open',
    payload: { key: `event:${(await f.event()).id}` },
  }),
  'POST /api/attendance/sessions': async (f) => ({
    url: '/api/attendance/sessions',
    payload: {
      title: 'Rattrapage',
      audience: 'promotion',
      audience_id: (await f.promotion()).id,
      day: '2026-11-24',
      start_time: '09:00',
      end_time: '10:00',
    },
  }),
  'GET /api/attendance/sessions/:id': async (f) => ({
    url: `/api/attendance/sessions/${(await f.attendanceSession()).id}`,
  }),
  'PATCH /api/attendance/sessions/:id': async (f) => ({
    url: `/api/attendance/sessions/${(await f.attendanceSession()).id}`,
    payload: { checkin_before_minutes: 10 },
  }),
  'DELETE /api/attendance/sessions/:id': async (f) => ({
    url: `/api/attendance/sessions/${(await f.attendanceSession()).id}`,
  }),
  'PUT /api/attendance/sessions/:id/marks': async (f) => ({
    url: `/api/attendance/sessions/${(await f.attendanceSession()).id}/marks`,
    payload: { marks: [{ student_id: f.staff.student.id, half_day: 'am', status: 'present' }] },
  }),
  'POST /api/attendance/sessions/:id/codes': async (f) => ({
    url: `/api/attendance/sessions/${(await f.attendanceSession()).id}/codes`,
  }),
  'POST /api/attendance/sessions/:id/my-signature': async (f) => ({
    url: `/api/attendance/sessions/${(await f.attendancePresent()).id}/my-signature`,
    payload: { half_day: 'am', image: await signaturePng() },
  }),
  'POST /api/attendance/sessions/:id/signatures': async (f) => ({
    url: `/api/attendance/sessions/${(await f.attendancePresent()).id}/signatures`,
    payload: { signer_id: f.staff.student.id, half_day: 'am', image: await signaturePng() },
  }),
  'GET /api/attendance/signatures/:id/image': async (f) => ({
    url: `/api/attendance/signatures/${(await f.attendanceSignature()).id}/image`,
  }),
  'POST /api/attendance/check-in': async (f) => ({
    url: '/api/attendance/check-in',
    payload: { code: (await f.attendanceCode()).code },
  }),
  'GET /api/attendance/me/summary': async (f) => {
    await f.attendancePresent();
    return { url: `/api/attendance/me/summary?${f.attendanceMonth()}` };
  },
  'GET /api/attendance/promotions/:id/summary': async (f) => {
    await f.attendancePresent();
    return {
      url: `/api/attendance/promotions/${(await f.promotion()).id}/summary?${f.attendanceMonth()}`,
    };
  },
  'GET /api/attendance/alerts': async (f) => {
    await f.attendancePresent();
    return { url: `/api/attendance/alerts?${f.attendanceMonth()}` };
  },
  'GET /api/notifications': async (f) => {
    await f.notification();
    return { url: '/api/notifications' };
  },
  'GET /api/notifications/stream': async (f) => {
    await f.notification();
    return { url: '/api/notifications/stream?after=0', leaves: true };
  },
  'POST /api/notifications/read-all': async (f) => {
    await f.notification();
    return { url: '/api/notifications/read-all' };
  },
  'POST /api/notifications/:id/read': async (f) => ({
    url: `/api/notifications/${(await f.notification()).id}/read`,
  }),
  'GET /api/notifications/unsubscribe/:token': async (f) => ({
    url: `/api/notifications/unsubscribe/${await f.unsubscribeToken()}`,
  }),
  'POST /api/notifications/unsubscribe/:token': async (f) => ({
    url: `/api/notifications/unsubscribe/${await f.unsubscribeToken()}`,
  }),
  'GET /api/me/notification-preferences': () => ({ url: '/api/me/notification-preferences' }),
  'GET /api/announcements': async (f) => {
    await f.announcement();
    return { url: '/api/announcements' };
  },
  'GET /api/announcements/audiences': () => ({ url: '/api/announcements/audiences' }),
  'POST /api/announcements': async (f) => ({
    url: '/api/announcements',
    payload: {
      title: 'Matrix',
      body: '<p>Matrix</p>',
      audience: 'promotion',
      audience_id: (await f.promotion()).id,
    },
  }),
  'PATCH /api/announcements/:id': async (f) => ({
    url: `/api/announcements/${(await f.announcement()).id}`,
    payload: { pinned: true },
  }),
  'DELETE /api/announcements/:id': async (f) => ({
    url: `/api/announcements/${(await f.announcement()).id}`,
  }),
  'GET /api/discussions': async (f) => {
    await f.discussion();
    return { url: '/api/discussions' };
  },
  'GET /api/discussions/subjects': async (f) => {
    await f.discussion();
    return { url: '/api/discussions/subjects' };
  },
  'GET /api/discussions/people': async (f) => ({
    url: `/api/discussions/people?subject_id=${(await f.discussion()).thread.subject_id}`,
  }),
  'POST /api/discussions': async (f) => {
    await f.trainingModule();
    return {
      url: '/api/discussions',
      payload: { subject_id: (await f.subject()).id, title: 'Matrix', body: '<p>Matrix</p>' },
    };
  },
  'POST /api/discussions/attachments': () => ({
    url: '/api/discussions/attachments',
    ...multipartPdf('file'),
  }),
  'GET /api/discussions/:id': async (f) => ({
    url: `/api/discussions/${(await f.discussion()).thread.id}`,
  }),
  'PATCH /api/discussions/:id': async (f) => {
    const { thread, reply } = await f.discussion();
    return { url: `/api/discussions/${thread.id}`, payload: { accepted_post_id: reply.id } };
  },
  'DELETE /api/discussions/:id': async (f) => ({
    url: `/api/discussions/${(await f.discussion()).thread.id}`,
  }),
  'PUT /api/discussions/:id/subscription': async (f) => ({
    url: `/api/discussions/${(await f.discussion()).thread.id}/subscription`,
    payload: { subscribed: true },
  }),
  'POST /api/discussions/:id/posts': async (f) => ({
    url: `/api/discussions/${(await f.discussion()).thread.id}/posts`,
    payload: { body: '<p>Matrix</p>' },
  }),
  'PATCH /api/discussion-posts/:id': async (f) => ({
    url: `/api/discussion-posts/${(await f.discussion()).opening.id}`,
    payload: { body: '<p>Matrix!</p>' },
  }),
  'DELETE /api/discussion-posts/:id': async (f) => ({
    url: `/api/discussion-posts/${(await f.discussion()).opening.id}`,
  }),
  'POST /api/discussion-posts/:id/report': async (f) => ({
    url: `/api/discussion-posts/${(await f.discussion()).reply.id}/report`,
    payload: { reason: 'Matrix' },
  }),
  'DELETE /api/discussion-posts/:id/reports': async (f) => ({
    url: `/api/discussion-posts/${(await f.discussion()).reply.id}/reports`,
  }),
  'GET /api/conversations': async (f) => {
    await f.conversation();
    return { url: '/api/conversations' };
  },
  'GET /api/conversations/contacts': async (f) => {
    await f.trainingModule();
    return { url: '/api/conversations/contacts' };
  },
  'POST /api/conversations': async (f) => {
    await f.trainingModule();
    return {
      url: '/api/conversations',
      payload: { member_ids: [f.staff.admin.id, f.staff.student.id], body: 'Matrix' },
    };
  },
  'GET /api/conversations/:id': async (f) => ({
    url: `/api/conversations/${(await f.conversation()).id}`,
  }),
  'POST /api/conversations/:id/messages': async (f) => ({
    url: `/api/conversations/${(await f.conversation()).id}/messages`,
    payload: { body: 'Matrix' },
  }),
  'POST /api/conversations/:id/read': async (f) => ({
    url: `/api/conversations/${(await f.conversation()).id}/read`,
  }),
  'GET /api/me/blocks': async (f) => {
    await f.blockedClassmate();
    return { url: '/api/me/blocks' };
  },
  'PUT /api/me/blocks/:userId': async (f) => ({
    url: `/api/me/blocks/${(await f.classmate()).id}`,
  }),
  'DELETE /api/me/blocks/:userId': async (f) => ({
    url: `/api/me/blocks/${(await f.blockedClassmate()).id}`,
  }),
  'PATCH /api/me/notification-preferences': () => ({
    url: '/api/me/notification-preferences',
    payload: { digest_hour: 18 },
  }),
  'GET /api/attendance/justifications': async (f) => {
    await f.justification();
    return { url: '/api/attendance/justifications' };
  },
  'POST /api/attendance/justifications': () => ({
    url: '/api/attendance/justifications',
    ...multipartPdf('file', { from: '2026-11-23', to: '2026-11-23', reason: 'Malade' }),
  }),
  'POST /api/attendance/justifications/:id/decision': async (f) => ({
    url: `/api/attendance/justifications/${(await f.justification()).id}/decision`,
    payload: { status: 'accepted' },
  }),
  'GET /api/attendance/sessions/:id/sheet.pdf': async (f) => ({
    url: `/api/attendance/sessions/${(await f.attendanceSignature()).session_id}/sheet.pdf`,
  }),
  'GET /api/attendance/learners/:id/summary': async (f) => {
    await f.attendancePresent();
    return { url: `/api/attendance/learners/${f.staff.student.id}/summary?${f.attendanceMonth()}` };
  },
  'GET /api/attendance/learners/:id/sheet.pdf': async (f) => {
    await f.attendanceSignature();
    return {
      url: `/api/attendance/learners/${f.staff.student.id}/sheet.pdf?${f.attendanceMonth()}`,
    };
  },
  'GET /api/attendance/learners/:id/certificate.pdf': async (f) => {
    await f.attendancePresent();
    return {
      url: `/api/attendance/learners/${f.staff.student.id}/certificate.pdf?${f.attendanceMonth()}`,
    };
  },
};
