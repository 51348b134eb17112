import type { Question } from '@skolar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMyEvaluation, useQuestions } from '../../../api/exams.ts';
import { useSession } from '../../../api/session.ts';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { ExamStartPanel } from './exam-start.tsx';
import { QuestionPrompt } from './question-prompt.tsx';
import { questionNumbers } from './question-review.tsx';
import { QuizTrial } from './quiz-trial.tsx';
import './exam.css';

/** `/test/:id`: a student takes the test; staff preview it with its answer key. */
export function TestPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const student = useSession().user?.role === 'student';
  usePageTitle(t('exams.quizzes.title'));
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('exams.title')}
        title={t(student ? 'exams.test.take' : 'exams.test.preview')}
        back={{ to: '/quizz', label: t('exams.quizzes.title') }}
      />
      {student ? <StudentTest id={id} /> : <Preview id={id} />}
    </div>
  );
}

function StudentTest({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data, error, dataUpdatedAt } = useMyEvaluation(id, true);
  if (error) return <p className="notice notice--error">{error.message}</p>;
  if (!data) return <p>{t('app.loading')}</p>;
  return (
    <>
      <h2>{data.title}</h2>
      {data.description && <p>{data.description}</p>}
      <ExamStartPanel evaluation={data} receivedAt={dataUpdatedAt} />
    </>
  );
}

/** A question in one line (a confirmation's subject): its title, else its prompt's first words. */
export function questionLabel(question: Pick<Question, 'title' | 'prompt' | 'format'>): string {
  if (question.title) return question.title;
  const text =
    question.format === 'html'
      ? (new DOMParser().parseFromString(question.prompt, 'text/html').body.textContent ?? '')
      : question.prompt;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * A question with its answer key, as its staff review it: its title, prompt, choices (the right
 * ones marked, what each earns), accepted answers or numbers, pairs and distractors, and the
 * feedback each answer and the question carry.
 */
export function QuestionPreview({
  question,
  number,
}: {
  question: Question;
  /** Its number among the questions (a description has none). */
  number: number | null;
}) {
  const { t, i18n } = useTranslation();
  const key = question.answer_key ?? {};
  const description = question.kind === 'description';
  /** What an option earns when the question gives partial credit, else nothing. */
  const weightOf = (index: number) => {
    const weight = key.weights?.[index];
    return weight === undefined
      ? ''
      : ` (${t('exams.staff.weight', { percent: formatPercent(weight, i18n.language) })})`;
  };
  /** The feedback an option carries, under it. */
  const feedbackOf = (index: number) => {
    const text = key.feedback?.[index];
    return text ? (
      <span className="exam-feedback">{t('exams.editor.shown.feedback', { text })}</span>
    ) : null;
  };
  const figure = (value: number) => formatNumber(value, i18n.language);
  const paired = new Set(key.pairs ?? []);
  const distractors = question.options.filter((_, index) => !paired.has(index));
  return (
    <>
      <p className="exam-question__head">
        {number !== null && <strong>{t('exams.run.questionNumber', { number })}</strong>}{' '}
        {question.title && <span className="exam-preview__title">{question.title}</span>}{' '}
        <span className="exam-question__points">
          {t(`exams.kinds.${question.kind}`)}
          {!description && ` · ${t('exams.points', { count: question.points })}`}
        </span>
      </p>
      <QuestionPrompt prompt={question.prompt} format={question.format} />
      {(question.kind === 'single' || question.kind === 'multiple') && (
        <ul>
          {question.choices.map((choice, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored question's lists never move, and may repeat a text
            <li key={index} className={key.choices?.includes(index) ? 'exam-key' : undefined}>
              {choice}
              {key.weights
                ? weightOf(index)
                : key.choices?.includes(index)
                  ? ` (${t('exams.staff.rightOne')})`
                  : ''}
              {feedbackOf(index)}
            </li>
          ))}
        </ul>
      )}
      {question.kind === 'matching' && (
        <>
          <ul>
            {question.choices.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored question's lists never move, and may repeat a text
              <li key={index} className="exam-key">
                {item} → {question.options[key.pairs?.[index] ?? -1] ?? '—'}
              </li>
            ))}
          </ul>
          {distractors.length > 0 && (
            <p>{t('exams.editor.shown.distractors', { list: distractors.join(' · ') })}</p>
          )}
        </>
      )}
      {question.kind === 'numerical' && (
        <>
          <p className="exam-key">{t('exams.staff.numbers')}:</p>
          <ul>
            {(key.numbers ?? []).map((accepted, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored question's lists never move, and may repeat a text
              <li key={index} className="exam-key">
                {accepted.tolerance === 0
                  ? figure(accepted.value)
                  : t('exams.staff.numberShown', {
                      value: figure(accepted.value),
                      tolerance: figure(accepted.tolerance),
                    })}
                {weightOf(index)}
                {feedbackOf(index)}
              </li>
            ))}
          </ul>
        </>
      )}
      {question.kind === 'short' && (
        <>
          <p className="exam-key">
            {t('exams.staff.accepted')}:
            {key.case_sensitive && ` (${t('exams.editor.shown.caseSensitive')})`}
          </p>
          <ul>
            {(key.accepted ?? []).map((answer, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored question's lists never move, and may repeat a text
              <li key={index} className="exam-key">
                {answer}
                {weightOf(index)}
                {feedbackOf(index)}
              </li>
            ))}
          </ul>
        </>
      )}
      {key.general && (
        <p className="exam-feedback">{t('exams.editor.shown.general', { text: key.general })}</p>
      )}
    </>
  );
}

function Preview({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data, error } = useQuestions(id);
  const [trying, setTrying] = useState(false);
  if (error) return <p className="notice notice--error">{error.message}</p>;
  if (!data) return <p>{t('app.loading')}</p>;
  if (data.data.length === 0) return <p>{t('exams.staff.noQuestions')}</p>;
  const numbers = questionNumbers(data.data);
  return (
    <>
      <div className="exam-panel__actions">
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={trying}
          onClick={() => setTrying(!trying)}
        >
          {t(trying ? 'exams.trial.back' : 'exams.trial.open')}
        </button>
      </div>
      {trying ? (
        <QuizTrial evaluationId={id} questions={data.data} draws={data.draws} />
      ) : (
        <ol className="exam-list">
          {data.data.map((question) => (
            <li key={question.id} className="card">
              <QuestionPreview question={question} number={numbers.get(question.id) ?? null} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
