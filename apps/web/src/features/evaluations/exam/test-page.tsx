import type { Question } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMyEvaluation, useQuestions } from '../../../api/exams.ts';
import { useSession } from '../../../api/session.ts';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { ExamStartPanel } from './exam-start.tsx';
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

/** The questions in order with their answer key: what a student will be asked. */
export function QuestionPreview({ question, number }: { question: Question; number: number }) {
  const { t, i18n } = useTranslation();
  const key = question.answer_key ?? {};
  /** What an option earns when the question gives partial credit, else nothing. */
  const weightOf = (index: number) => {
    const weight = key.weights?.[index];
    return weight === undefined
      ? ''
      : ` (${t('exams.staff.weight', { percent: formatPercent(weight, i18n.language) })})`;
  };
  return (
    <>
      <p>
        <strong>{t('exams.run.questionNumber', { number })}</strong> {question.prompt}{' '}
        <span className="exam-question__points">
          {t(`exams.kinds.${question.kind}`)} · {t('exams.points', { count: question.points })}
        </span>
      </p>
      {question.choices.length > 0 && (
        <ul>
          {question.choices.map((choice, index) => (
            <li key={choice} className={key.choices?.includes(index) ? 'exam-key' : undefined}>
              {choice}
              {key.weights
                ? weightOf(index)
                : key.choices?.includes(index)
                  ? ` (${t('exams.staff.rightOne')})`
                  : ''}
            </li>
          ))}
        </ul>
      )}
      {question.kind === 'numerical' && (
        <p className="exam-key">
          {t('exams.staff.numbers')}:{' '}
          {(key.numbers ?? [])
            .map(
              (accepted, index) =>
                `${
                  accepted.tolerance === 0
                    ? formatNumber(accepted.value, i18n.language)
                    : t('exams.staff.numberShown', {
                        value: formatNumber(accepted.value, i18n.language),
                        tolerance: formatNumber(accepted.tolerance, i18n.language),
                      })
                }${weightOf(index)}`,
            )
            .join(' · ')}
        </p>
      )}
      {question.kind === 'short' && (
        <p className="exam-key">
          {t('exams.staff.accepted')}:{' '}
          {(key.accepted ?? []).map((answer, index) => `${answer}${weightOf(index)}`).join(' · ')}
        </p>
      )}
    </>
  );
}

function Preview({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data, error } = useQuestions(id);
  if (error) return <p className="notice notice--error">{error.message}</p>;
  if (!data) return <p>{t('app.loading')}</p>;
  if (data.data.length === 0) return <p>{t('exams.staff.noQuestions')}</p>;
  return (
    <ol className="exam-list">
      {data.data.map((question, index) => (
        <li key={question.id} className="card">
          <QuestionPreview question={question} number={index + 1} />
        </li>
      ))}
    </ol>
  );
}
