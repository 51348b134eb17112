import type { AttemptView, Question, QuizTryAnswer } from '@skolar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tryQuiz } from '../../../api/exams.ts';
import { formatNumber } from '../../../lib/format.ts';
import { Notice } from '../../../ui/notice.tsx';
import { toastError } from '../../../ui/toast-error.ts';
import { QuestionField } from './question-field.tsx';
import { QuestionReview, questionNumbers } from './question-review.tsx';

type Value = AttemptView['answers'][number]['value'];

/** A question as a student's attempt shows it: no key, choices and answers by their index. */
const asAttempt = (question: Question): AttemptView['questions'][number] => ({
  id: question.id,
  kind: question.kind,
  prompt: question.prompt,
  format: question.format,
  choices: question.choices.map((label, index) => ({ index, label })),
  options: question.options.map((label, index) => ({ index, label })),
  points: question.points,
});

/** The questions outside draws, and `count` questions of each draw's pool picked at random. */
function drawnFrom(
  questions: readonly Question[],
  draws: ReadonlyArray<{ id: number; count: number }>,
): Question[] {
  const picked = new Set(
    draws.flatMap((draw) =>
      questions
        .filter((question) => question.draw_id === draw.id)
        .map((question) => ({ question, rank: Math.random() }))
        .sort((a, b) => a.rank - b.rank)
        .slice(0, draw.count)
        .map(({ question }) => question.id),
    ),
  );
  return questions.filter((question) => question.draw_id === null || picked.has(question.id));
}

/**
 * The whole quiz answered as a student would answer it, then scored as a hand-in scores it, with
 * each question's points and feedback (decision 188). A throwaway: nothing is stored, nothing
 * counts, and the quiz stays editable.
 */
export function QuizTrial({
  evaluationId,
  questions: all,
  draws = [],
}: {
  evaluationId: number;
  questions: Question[];
  /** The quiz's random draws: the trial, like an attempt, gets `count` of each pool. */
  draws?: ReadonlyArray<{ id: number; count: number }>;
}) {
  const { t, i18n } = useTranslation();
  // Drawn once per trial, as a student's attempt draws once (the server seeds its own).
  const [questions] = useState(() => drawnFrom(all, draws));
  const [answers, setAnswers] = useState<Record<number, Value>>({});
  const [result, setResult] = useState<QuizTryAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const numbers = questionNumbers(questions);
  const reviews = new Map((result?.review ?? []).map((review) => [review.question_id, review]));
  const score = async () => {
    setBusy(true);
    try {
      setResult(
        await tryQuiz(evaluationId, {
          answers: Object.entries(answers).map(([id, value]) => ({
            question_id: Number(id),
            value,
          })),
          question_ids: questions.map((question) => question.id),
        }),
      );
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="quiz-trial-title">
      <h2 id="quiz-trial-title">{t('exams.trial.title')}</h2>
      <p>{t('exams.trial.intro')}</p>
      <ol className="exam-questions">
        {questions.map((question) => (
          <li key={question.id} className="card exam-question">
            <QuestionField
              question={asAttempt(question)}
              number={numbers.get(question.id) ?? null}
              value={answers[question.id] ?? {}}
              disabled={result !== null}
              onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
            />
            {reviews.has(question.id) && (
              <QuestionReview review={reviews.get(question.id)!} points={question.points} />
            )}
          </li>
        ))}
      </ol>
      {result && (
        <Notice kind="info">
          {t('exams.trial.score', {
            score: formatNumber(result.score, i18n.language),
            count: result.max_points,
          })}
        </Notice>
      )}
      <div className="exam-panel__actions">
        {result ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setAnswers({});
              setResult(null);
            }}
          >
            {t('exams.trial.again')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void score()}
          >
            {t('exams.trial.score_button')}
          </button>
        )}
      </div>
    </section>
  );
}
