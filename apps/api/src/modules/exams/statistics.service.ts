import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { AnswerValue } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { questionsForAttempt } from './draws.ts';
import {
  closedAnswersOf,
  closedAttemptsOf,
  drawsOf,
  examIn,
  onlyExams,
  type Question,
  questionsOf,
} from './exams.queries.ts';
import { pointsFor } from './scoring.ts';
import { analyse } from './statistics.ts';

/** Typed answers shown one by one; the rest are counted together. */
const TOP_RESPONSES = 10;

/**
 * How often each response was given among `values` (one per closed attempt that answered): each
 * choice of a choice question, each distinct typed answer (the most frequent first), each right
 * pair of a matching question; with whether it earns points.
 */
function responsesOf(question: Question, values: readonly AnswerValue[]) {
  const key = question.answer_key ?? {};
  if (question.kind === 'single' || question.kind === 'multiple') {
    return question.choices.map((label, index) => ({
      label,
      count: values.filter((value) => value.choices?.includes(index)).length,
      credit: key.weights ? (key.weights[index] ?? 0) > 0 : (key.choices ?? []).includes(index),
    }));
  }
  if (question.kind === 'matching') {
    return question.choices.map((item, index) => ({
      label: `${item} → ${question.options[key.pairs?.[index] ?? 0] ?? ''}`,
      count: values.filter((value) => value.pairs?.[index] === key.pairs?.[index]).length,
      credit: true,
    }));
  }
  if (question.kind !== 'short' && question.kind !== 'numerical') return [];
  const counts = new Map<string, { label: string; count: number; credit: boolean }>();
  for (const value of values) {
    const label = (value.text ?? '').trim().replace(/\s+/g, ' ');
    if (label === '') continue;
    const entry = counts.get(label.toLocaleLowerCase()) ?? {
      label,
      count: 0,
      credit: (pointsFor(question, value) ?? 0) > 0,
    };
    entry.count += 1;
    counts.set(label.toLocaleLowerCase(), entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count).slice(0, TOP_RESPONSES);
}

/**
 * The quiz's statistics on its closed attempts (decision 189), for those who mark the exam: the
 * test's figures, and each question's with how often each response was given. A question with
 * essays still to grade is left out of the figures until they are.
 */
export async function statistics(ctx: AppContext, actor: Actor, evaluationId: number) {
  const exam = await examIn(
    ctx.db,
    onlyExams(can(actor, 'update', 'evaluation').where),
    evaluationId,
  );
  if (!exam) throw notFound();
  const [rows, draws, closed, given] = await Promise.all([
    questionsOf(ctx.db, exam.id),
    drawsOf(ctx.db, exam.id),
    closedAttemptsOf(ctx.db, exam.id),
    closedAnswersOf(ctx.db, exam.id),
  ]);
  const questions = rows.filter((row) => row.kind !== 'description');
  const byAttempt = new Map<number, Map<number, (typeof given)[number]>>();
  for (const answer of given) {
    const own = byAttempt.get(answer.attempt_id) ?? new Map();
    own.set(answer.question_id, answer);
    byAttempt.set(answer.attempt_id, own);
  }
  // What each attempt was given: a drawn question counts only in the attempts that drew it.
  const drawnBy = new Map(
    closed.map((attempt) => [attempt.id, questionsForAttempt(questions, draws, attempt.id)]),
  );
  const tookIt = (question: Question) =>
    closed.filter((attempt) => drawnBy.get(attempt.id)!.some((own) => own.id === question.id));
  /** The mark of an attempt on a question: its points, 0 when unanswered, null while ungraded. */
  const markOf = (attemptId: number, question: Question) => {
    const answer = byAttempt.get(attemptId)?.get(question.id);
    return answer ? answer.points_awarded : 0;
  };
  const awaiting = new Map(
    questions.map((question) => [
      question.id,
      tookIt(question).filter((attempt) => markOf(attempt.id, question) === null).length,
    ]),
  );
  const ready = (question: Question) => awaiting.get(question.id) === 0;
  const analysed = questions.filter((question) => question.draw_id === null && ready(question));
  // The test's figures: each question every attempt gets, and each draw's places (its first drawn
  // question, its second…), as Moodle counts a random slot as one item (decision 191).
  const slots = draws.flatMap((draw) =>
    questions.filter((question) => question.draw_id === draw.id).every(ready)
      ? Array.from({ length: draw.count }, (_, place) => ({ draw, place }))
      : [],
  );
  const slotMark = (attemptId: number, slot: (typeof slots)[number]) => {
    const drawn = drawnBy.get(attemptId)!.filter((own) => own.draw_id === slot.draw.id);
    const question = drawn[slot.place];
    return question ? (markOf(attemptId, question) ?? 0) : 0;
  };
  const figures = analyse(
    [
      ...analysed.map((question) => ({ id: question.id, max: question.points })),
      ...slots.map((slot, index) => ({ id: -(index + 1), max: slot.draw.points })),
    ],
    closed.map((attempt) => [
      ...analysed.map((question) => markOf(attempt.id, question) ?? 0),
      ...slots.map((slot) => slotMark(attempt.id, slot)),
    ]),
  );
  // A drawn question's figures: on the attempts that drew it, against the questions all had.
  const drawnItems = questions
    .filter((question) => question.draw_id !== null && ready(question))
    .map((question) => {
      const took = tookIt(question);
      const own = analyse(
        [...analysed, question].map((item) => ({ id: item.id, max: item.points })),
        took.map((attempt) => [...analysed, question].map((item) => markOf(attempt.id, item) ?? 0)),
      );
      return own.items.at(-1)!;
    });
  const byQuestion = new Map([...figures.items, ...drawnItems].map((item) => [item.id, item]));
  return {
    attempts: figures.attempts,
    max_points: figures.max_points,
    mean: figures.mean,
    median: figures.median,
    sd: figures.sd,
    alpha: figures.alpha,
    questions: questions.map((question, index) => {
      const item = byQuestion.get(question.id);
      const values = tookIt(question).flatMap((attempt) => {
        const answer = byAttempt.get(attempt.id)?.get(question.id);
        return answer ? [answer.value] : [];
      });
      return {
        question_id: question.id,
        number: index + 1,
        title: question.title,
        prompt: question.prompt,
        format: question.format,
        kind: question.kind,
        points: question.points,
        given: tookIt(question).length,
        facility: item?.facility ?? null,
        sd: item?.sd ?? null,
        discrimination: item?.discrimination ?? null,
        flags: item?.flags ?? [],
        awaiting: awaiting.get(question.id) ?? 0,
        responses: responsesOf(question, values),
      };
    }),
  };
}
