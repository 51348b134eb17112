import type { SaveAnswersBody } from '@skolar/shared';
import { can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  conflict,
  type FieldErrors,
  HttpError,
  notFound,
  validationFailed,
} from '../../http/errors.ts';
import { localDay, minuteOfDay, timeOfMinutes } from '../../time.ts';
import { extraMinutesOf, latestAttemptDeadlines } from '../evaluations/evaluations.queries.ts';
import { answersClosedAt, isOpen } from '../evaluations/window.ts';
import { questionsForAttempt } from './draws.ts';
import {
  type Attempt,
  answersOf,
  attemptById,
  attemptOf,
  drawsOf,
  type Exam,
  examById,
  examIn,
  insertAttempt,
  lockOpenAttempt,
  onlyExams,
  type Question,
  questionsOf,
  rosterOf,
  saveAnswer,
  setAttemptDeadline,
  setExtraMinutes,
} from './exams.queries.ts';
import { closeAttempt, feedbackFor, fits, graceEndOf } from './scoring.ts';
import { choiceSeed, seededShuffle, shuffleAround } from './shuffle.ts';

/**
 * How far a typing time may stray from the server's own bounds (decision 44): the browser dates
 * an answer by its clock corrected by the skew it measured, which can be off by about the network's
 * latency. Within this margin a typing time is brought back inside [started_at, now].
 */
const TYPED_AT_TOLERANCE_MS = 30_000;

const examScope = (actor: Actor) => onlyExams(can(actor, 'read', 'evaluation').where);

/** `YYYY-MM-DD HH:MM` on the wall clock of the institution, for the messages that say when. */
function wallClock(instant: Date, zone: string): string {
  return `${localDay(instant, zone)} ${timeOfMinutes(minuteOfDay(instant, zone)).slice(0, 5)}`;
}

/** min(end of the window, start + duration + extra time): the server's deadline of an attempt. */
function deadlineFor(exam: Exam, startedAt: Date, extraMinutes: number): Date {
  const closes = exam.window.closesAt.getTime();
  if (exam.duration_minutes === null) return new Date(closes);
  const own = startedAt.getTime() + (exam.duration_minutes + extraMinutes) * 60_000;
  return new Date(Math.min(closes, own));
}

/**
 * Whether the exam's answers are released: once nothing takes an answer any more (its window and
 * every attempt's deadline past, with the reconnection grace; decision 173), as corrections are.
 */
async function answersReleased(db: DbOrTx, exam: Exam, now: Date): Promise<boolean> {
  const latest = (await latestAttemptDeadlines(db, [exam.id])).get(exam.id) ?? null;
  return now >= answersClosedAt('exam', exam.window, latest);
}

type Saved = Awaited<ReturnType<typeof answersOf>>[number];

/**
 * The marked questions of a closed attempt with their feedback (decision 186): the points each
 * answer earned, the feedback of what was answered and the question's general feedback.
 */
function reviewOf(questionRows: readonly Question[], saved: readonly Saved[]) {
  const byQuestion = new Map(saved.map((answer) => [answer.question_id, answer]));
  return questionRows
    .filter((question) => question.kind !== 'description')
    .map((question) => {
      const answer = byQuestion.get(question.id);
      return {
        question_id: question.id,
        points_awarded: answer ? answer.points_awarded : question.kind === 'long' ? null : 0,
        feedback: answer ? feedbackFor(question, answer.value) : [],
        general: question.answer_key?.general ?? null,
      };
    });
}

/**
 * The attempt as its student sees it: the questions without their answer key, in this attempt's
 * own order when the exam shuffles (choices keep their original index; a matching question's
 * answers always come in an order of the attempt's own), the saved answers, and the server's
 * clock with what remains of the attempt by it. Points and feedback come with it once the attempt
 * is closed and the exam's answers released, never before.
 */
async function viewOf(ctx: AppContext, db: DbOrTx, exam: Exam, attempt: Attempt) {
  const now = ctx.clock.now();
  const [all, draws, saved] = await Promise.all([
    questionsOf(db, exam.id),
    drawsOf(db, exam.id),
    answersOf(db, attempt.id),
  ]);
  const questionRows = questionsForAttempt(all, draws, attempt.id);
  const ordered = exam.shuffle
    ? shuffleAround(questionRows, attempt.id, (question) => question.kind === 'description')
    : questionRows;
  const remainingMs = attempt.finished_at ? 0 : attempt.deadline_at.getTime() - now.getTime();
  const released = attempt.finished_at !== null && (await answersReleased(db, exam, now));
  return {
    id: attempt.id,
    evaluation_id: exam.id,
    title: exam.title,
    started_at: attempt.started_at,
    deadline_at: attempt.deadline_at,
    finished_at: attempt.finished_at,
    finished_by: attempt.finished_by,
    server_now: now,
    remaining_seconds: Math.max(0, Math.floor(remainingMs / 1000)),
    questions: ordered.map((question) => {
      const choices = question.choices.map((label, index) => ({ index, label }));
      const options = question.options.map((label, index) => ({ index, label }));
      const seed = choiceSeed(attempt.id, question.id);
      return {
        id: question.id,
        kind: question.kind,
        prompt: question.prompt,
        format: question.format,
        // A matching question's items keep their order (the key pairs them by position).
        choices:
          exam.shuffle && question.kind !== 'matching' ? seededShuffle(choices, seed) : choices,
        options: seededShuffle(options, seed),
        points: question.points,
      };
    }),
    answers: saved.map(({ question_id, value, typed_at }) => ({ question_id, value, typed_at })),
    review: released ? reviewOf(ordered, saved) : null,
  };
}

/**
 * Closes an open attempt whose deadline and reconnection grace have passed (a read noticed it
 * before the job did). Within the grace a read leaves it open: a browser coming back online may
 * still deliver the answers it queued before the deadline.
 */
async function settle(ctx: AppContext, attempt: Attempt): Promise<Attempt> {
  if (attempt.finished_at || ctx.clock.now() < graceEndOf(attempt)) return attempt;
  return ctx.db.transaction(async (tx) => {
    const locked = (await attemptById(tx, attempt.id, true))!;
    await closeAttempt(tx, locked, 'timeout', ctx.clock.now());
    return (await attemptById(tx, attempt.id))!;
  });
}

/**
 * Starts the student's attempt at an exam of their scope, inside its window by the server's clock
 * (409 before, saying when it opens, and after); its deadline is fixed now. A second start, or
 * two at once, resume the one attempt (unique per evaluation and student).
 */
export async function start(ctx: AppContext, actor: Actor, evaluationId: number) {
  const exam = await examIn(ctx.db, examScope(actor), evaluationId);
  if (!exam) throw notFound();
  const existing = await attemptOf(ctx.db, exam.id, actor.userId);
  if (existing)
    return { created: false, view: await viewOf(ctx, ctx.db, exam, await settle(ctx, existing)) };
  if (!exam.has_quiz) throw conflict('exams.conflict.noQuiz');
  const now = ctx.clock.now();
  if (!isOpen(exam.window, now)) {
    const before = now < exam.window.opensAt;
    throw new HttpError(
      409,
      before ? 'exams.conflict.notOpenYet' : 'exams.conflict.closed',
      undefined,
      {
        at: wallClock(before ? exam.window.opensAt : exam.window.closesAt, exam.timezone),
      },
    );
  }
  const extra = await extraMinutesOf(ctx.db, exam.id, actor.userId);
  const created = await insertAttempt(ctx.db, {
    evaluation_id: exam.id,
    student_id: actor.userId,
    started_at: now,
    deadline_at: deadlineFor(exam, now, extra),
  });
  const attempt = created ?? (await attemptOf(ctx.db, exam.id, actor.userId))!;
  return { created: created !== undefined, view: await viewOf(ctx, ctx.db, exam, attempt) };
}

/** The attempt (its student's own; staff of its evaluation), closed first if its time is up. */
export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'attempt', id);
  const attempt = await settle(ctx, (await attemptById(ctx.db, id))!);
  const exam = await examById(ctx.db, attempt.evaluation_id);
  return viewOf(ctx, ctx.db, exam, attempt);
}

type SaveOutcome =
  | { kind: 'saved'; saved: number; ignored: number[]; deadline_at: Date }
  | { kind: 'closed' }
  | { kind: 'invalid'; errors: FieldErrors };

/**
 * Saves answers as typed, each in its own row, in one transaction holding the attempt's lock
 * (the closing job and a hand-in wait for it). 409 once the attempt is closed, or once the
 * reconnection grace after the deadline has passed (the write closes it by timeout first); a write
 * within the grace keeps the answers typed before the deadline and closes the attempt. Typing
 * times (decision 44): an answer typed after
 * the deadline, or implausibly far before the start or after now, is ignored and listed in
 * `ignored`; within the tolerance it is brought inside [started_at, now]. A saved answer typed
 * later than the incoming one stays (queued writes may arrive out of order).
 */
export async function saveAnswers(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: SaveAnswersBody,
) {
  await requireAccess(ctx.db, actor, 'update', 'attempt', id);
  const outcome = await ctx.db.transaction(async (tx): Promise<SaveOutcome> => {
    const attempt = (await attemptById(tx, id, true))!;
    const now = ctx.clock.now();
    if (attempt.finished_at) return { kind: 'closed' };
    if (now >= graceEndOf(attempt)) {
      await closeAttempt(tx, attempt, 'timeout', now);
      return { kind: 'closed' };
    }
    // Only the questions this attempt was given: not another draw's.
    const [all, draws] = await Promise.all([
      questionsOf(tx, attempt.evaluation_id),
      drawsOf(tx, attempt.evaluation_id),
    ]);
    const byId = new Map(questionsForAttempt(all, draws, attempt.id).map((q) => [q.id, q]));
    const errors: FieldErrors = {};
    body.answers.forEach((answer, index) => {
      const question = byId.get(answer.question_id);
      if (!question) errors[`answers.${index}.question_id`] = ['exams.validation.unknownQuestion'];
      else if (!fits(question, answer.value))
        errors[`answers.${index}.value`] = ['exams.validation.answerKind'];
    });
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };

    const ignored: number[] = [];
    let saved = 0;
    for (const answer of body.answers) {
      const typed = new Date(answer.typed_at);
      const early = typed.getTime() < attempt.started_at.getTime() - TYPED_AT_TOLERANCE_MS;
      const future = typed.getTime() > now.getTime() + TYPED_AT_TOLERANCE_MS;
      if (typed > attempt.deadline_at || early || future) {
        ignored.push(answer.question_id);
        continue;
      }
      const typedAt = new Date(
        Math.min(now.getTime(), Math.max(attempt.started_at.getTime(), typed.getTime())),
      );
      await saveAnswer(
        tx,
        { attemptId: id, questionId: answer.question_id, value: answer.value, typedAt },
        now,
      );
      saved += 1;
    }
    // A write after the deadline (within the grace) delivered what was typed in time: the copy
    // closes with it.
    if (now >= attempt.deadline_at) await closeAttempt(tx, attempt, 'timeout', now);
    return { kind: 'saved', saved, ignored, deadline_at: attempt.deadline_at };
  });
  if (outcome.kind === 'closed') throw conflict('exams.conflict.timeUp');
  if (outcome.kind === 'invalid') throw validationFailed(outcome.errors);
  const now = ctx.clock.now();
  return {
    saved: outcome.saved,
    ignored: outcome.ignored,
    server_now: now,
    deadline_at: outcome.deadline_at,
    remaining_seconds: Math.max(
      0,
      Math.floor((outcome.deadline_at.getTime() - now.getTime()) / 1000),
    ),
  };
}

/**
 * Hands the attempt in and scores it. Handing in a closed attempt answers its closed view again
 * (a retried hand-in is not an error); one whose time is up closes by timeout.
 */
export async function finish(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'update', 'attempt', id);
  const attempt = await ctx.db.transaction(async (tx) => {
    const locked = (await attemptById(tx, id, true))!;
    const now = ctx.clock.now();
    if (!locked.finished_at) {
      await closeAttempt(tx, locked, now >= locked.deadline_at ? 'timeout' : 'student', now);
    }
    return (await attemptById(tx, id))!;
  });
  const exam = await examById(ctx.db, attempt.evaluation_id);
  return viewOf(ctx, ctx.db, exam, attempt);
}

/**
 * Every student of the exam's promotion with their extra time and attempt: for those who mark the
 * exam (decision 175).
 */
export async function roster(ctx: AppContext, actor: Actor, evaluationId: number) {
  const exam = await examIn(
    ctx.db,
    onlyExams(can(actor, 'update', 'evaluation').where),
    evaluationId,
  );
  if (!exam) throw notFound();
  return { data: await rosterOf(ctx.db, exam) };
}

/**
 * Extra time for one student of the exam's promotion (404 for anyone else). Before the attempt it
 * counts at the start; during an open attempt its deadline moves (still within the window).
 */
export async function setExtraTime(
  ctx: AppContext,
  actor: Actor,
  evaluationId: number,
  studentId: number,
  extraMinutes: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'evaluation', evaluationId);
  const exam = await examIn(ctx.db, onlyExams(), evaluationId);
  if (!exam) throw notFound();
  if ((await rosterOf(ctx.db, exam, studentId)).length === 0) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await setExtraMinutes(
      tx,
      { evaluationId: exam.id, studentId, extraMinutes, grantedBy: actor.userId },
      ctx.clock.now(),
    );
    const open = await lockOpenAttempt(tx, exam.id, studentId);
    if (open) {
      await setAttemptDeadline(
        tx,
        open.id,
        deadlineFor(exam, open.started_at, extraMinutes),
        ctx.clock.now(),
      );
    }
  });
  return (await rosterOf(ctx.db, exam, studentId))[0]!;
}
