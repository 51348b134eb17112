import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { AnswerValue } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import {
  closedAnswersOf,
  closedAttemptsOf,
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
  const [rows, closed, given] = await Promise.all([
    questionsOf(ctx.db, exam.id),
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
  /** The mark of an attempt on a question: its points, 0 when unanswered, null while ungraded. */
  const markOf = (attemptId: number, question: Question) => {
    const answer = byAttempt.get(attemptId)?.get(question.id);
    return answer ? answer.points_awarded : 0;
  };
  const awaiting = new Map(
    questions.map((question) => [
      question.id,
      closed.filter((attempt) => markOf(attempt.id, question) === null).length,
    ]),
  );
  const analysed = questions.filter((question) => awaiting.get(question.id) === 0);
  const figures = analyse(
    analysed.map((question) => ({ id: question.id, max: question.points })),
    closed.map((attempt) => analysed.map((question) => markOf(attempt.id, question) ?? 0)),
  );
  const byQuestion = new Map(figures.items.map((item) => [item.id, item]));
  return {
    attempts: figures.attempts,
    max_points: figures.max_points,
    mean: figures.mean,
    median: figures.median,
    sd: figures.sd,
    alpha: figures.alpha,
    questions: questions.map((question, index) => {
      const item = byQuestion.get(question.id);
      const values = closed.flatMap((attempt) => {
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
