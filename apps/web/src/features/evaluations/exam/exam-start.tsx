import type { MyEvaluationDetail } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startAttempt } from '../../../api/exams.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { toastError } from '../../../ui/toast-error.ts';

const examPath = (evaluationId: number, attemptId: number) =>
  `/start-evaluation/${evaluationId}/${attemptId}`;

/**
 * On a student's evaluation page: start the exam inside its window, once confirmed (the single timed
 * attempt: its duration, the window's end and what happens then), or resume the attempt.
 */
export function ExamStartPanel({
  evaluation,
  receivedAt,
}: {
  evaluation: MyEvaluationDetail;
  /** When the answer arrived (the query's `dataUpdatedAt`): the server's clock is counted from it. */
  receivedAt: number;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  if (evaluation.type !== 'exam' || !evaluation.has_quiz) return null;
  const attempt = evaluation.attempt;
  const when = (instant: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: evaluation.time_zone,
    }).format(new Date(instant));

  const start = async () => {
    try {
      const view = await startAttempt(evaluation.id);
      navigate(examPath(evaluation.id, view.id));
    } catch (error) {
      toastError(error);
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
        <ConfirmDialog
          question={t('exams.start.confirm.title')}
          details={
            <StartTerms
              evaluation={evaluation}
              receivedAt={receivedAt}
              windowEnd={when(evaluation.closes_at)}
            />
          }
          confirmLabel={t('exams.start.confirm.go')}
          trigger={
            <button type="button" className="button button--primary">
              {t('exams.start.start')}
            </button>
          }
          onConfirm={start}
        />
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

/**
 * The terms of the attempt, as the dialog opens: its duration with the student's extra time, and
 * the window's end, which cuts it short when it comes first (the server's deadline is the earlier
 * of the two); the minutes left are counted on the server's clock (`server_now` and the time
 * elapsed since the answer arrived), not the device's.
 */
function StartTerms({
  evaluation,
  receivedAt,
  windowEnd,
}: {
  evaluation: MyEvaluationDetail;
  receivedAt: number;
  windowEnd: string;
}) {
  const { t } = useTranslation();
  const duration = evaluation.duration_minutes ?? 0;
  const serverNow = Date.parse(evaluation.server_now) + (Date.now() - receivedAt);
  const untilClose = Math.max(
    0,
    Math.round((Date.parse(evaluation.closes_at) - serverNow) / 60_000),
  );
  return (
    <ul className="exam-start__terms">
      <li>
        {t('exams.start.confirm.duration', { count: duration })}
        {evaluation.extra_minutes > 0 &&
          ` ${t('exams.start.confirm.extra', { count: evaluation.extra_minutes })}`}
      </li>
      <li>{t('exams.start.confirm.windowEnd', { at: windowEnd })}</li>
      {untilClose < duration + evaluation.extra_minutes && (
        <li>
          <strong>{t('exams.start.confirm.cutShort', { count: untilClose })}</strong>
        </li>
      )}
      <li>{t('exams.start.confirm.saved')}</li>
      <li>{t('exams.start.confirm.timeUp')}</li>
      <li>{t('exams.start.confirm.once')}</li>
    </ul>
  );
}
