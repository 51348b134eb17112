import type { MyEvaluationDetail } from '@skolar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startAttempt } from '../../../api/exams.ts';
import { Notice } from '../../../ui/notice.tsx';
import { toastError } from '../../../ui/toast-error.ts';

const examPath = (evaluationId: number, attemptId: number) =>
  `/start-evaluation/${evaluationId}/${attemptId}`;

/** On a student's evaluation page: start the exam inside its window, or resume the attempt. */
export function ExamStartPanel({ evaluation }: { evaluation: MyEvaluationDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  if (evaluation.type !== 'exam' || !evaluation.has_quiz) return null;
  const attempt = evaluation.attempt;
  const when = (instant: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: evaluation.time_zone,
    }).format(new Date(instant));

  const start = async () => {
    setPending(true);
    try {
      const view = await startAttempt(evaluation.id);
      navigate(examPath(evaluation.id, view.id));
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };

  let body: React.ReactNode;
  if (attempt?.finished_at) {
    body = (
      <Notice kind="success">{t('exams.start.handedIn', { at: when(attempt.finished_at) })}</Notice>
    );
  } else if (attempt) {
    body = (
      <button
        type="button"
        className="button button--primary"
        onClick={() => navigate(examPath(evaluation.id, attempt.id))}
      >
        {t('exams.start.resume')}
      </button>
    );
  } else if (evaluation.is_open) {
    body = (
      <>
        <p>{t('exams.start.duration', { count: evaluation.duration_minutes ?? 0 })}</p>
        <button
          type="button"
          className="button button--primary"
          disabled={pending}
          onClick={() => void start()}
        >
          {t('exams.start.start')}
        </button>
      </>
    );
  } else if (Date.parse(evaluation.server_now) < Date.parse(evaluation.opens_at)) {
    body = (
      <Notice kind="info">{t('exams.start.opensAt', { at: when(evaluation.opens_at) })}</Notice>
    );
  } else {
    body = (
      <Notice kind="info">{t('exams.start.closed', { at: when(evaluation.closes_at) })}</Notice>
    );
  }
  return (
    <section className="card exam-start" aria-labelledby="exam-start-title">
      <h2 id="exam-start-title">{t('exams.start.title')}</h2>
      {body}
    </section>
  );
}
