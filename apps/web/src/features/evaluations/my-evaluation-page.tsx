import { formatAverage, type MyEvaluationDetail } from '@skolar/shared';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMyEvaluation } from '../../api/evaluations.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatInstant } from '../../lib/format.ts';
import { EvaluationStatusBadge } from '../../ui/evaluation-status-badge.tsx';
import { type BackLink, PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { Countdown } from './countdown.tsx';
import { ExamStartPanel } from './exam/exam-start.tsx';
import { EvaluationFacts } from './facts.tsx';
import { HandInPanel } from './project/hand-in-panel.tsx';
import '../../ui/cohorts.css';
import '../../ui/management.css';
import './evaluations.css';
import { MyFeedback } from './marking/my-feedback.tsx';

/**
 * `/evaluation-details/:id`: the student's evaluation, its countdown while it is open to them, their
 * grade once published, files and hand-in.
 */
export function MyEvaluationPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id) || 0;
  const { data, error, dataUpdatedAt } = useMyEvaluation(id);
  usePageTitle(data?.title ?? t('evaluations.details'));
  const back: BackLink = { to: '/list-evaluations', label: t('evaluations.mine') };
  if (error) {
    return (
      <div className="container page cohort-page">
        <PageHeader
          eyebrow={t('evaluations.eyebrow')}
          title={t('evaluations.details')}
          back={back}
        />
        <p className="notice notice--error">{errorMessage(error, t('evaluations.notFound'))}</p>
      </div>
    );
  }
  if (!data) return <p className="container page cohort-muted">{t('app.loading')}</p>;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={`${data.subject.name} · ${data.training.title}`}
        title={data.title}
        back={back}
      >
        <EvaluationStatusBadge status={data.status} />
      </PageHeader>
      <MyGrade evaluation={data} />
      <section className="card manage-detail" aria-label={t('evaluations.details')}>
        {closedFor(data) ? (
          <p className="evaluation-countdown">{t('evaluations.closedNow')}</p>
        ) : (
          !data.attempt?.finished_at && (
            <Countdown
              opensAt={data.opens_at}
              closesAt={data.closes_at}
              serverNow={data.server_now}
              receivedAt={dataUpdatedAt}
            />
          )
        )}
        <EvaluationFacts evaluation={data} />
        {data.description && <p className="evaluation-description">{data.description}</p>}
        <Files evaluation={data} />
      </section>
      {data.type === 'exam' ? (
        <ExamStartPanel evaluation={data} receivedAt={dataUpdatedAt} />
      ) : (
        <HandInPanel evaluation={data} />
      )}
    </div>
  );
}

/** Closed by the server's clock when the answer was made: no countdown runs any more. */
const closedFor = (evaluation: MyEvaluationDetail) =>
  Date.parse(evaluation.server_now) >= Date.parse(evaluation.closes_at);

/**
 * The student's grade once published (on the evaluation's scale, or absent) with the teacher's
 * comment; before that, once sat or handed in, that it awaits its grade.
 */
function MyGrade({ evaluation }: { evaluation: MyEvaluationDetail }) {
  const { t, i18n } = useTranslation();
  const { result } = evaluation;
  if (!result && evaluation.status !== 'awaiting') return null;
  return (
    <section className="card evaluation-grade" aria-labelledby="evaluation-grade-title">
      <h2 id="evaluation-grade-title">{t('evaluations.result.title')}</h2>
      {!result ? (
        <p className="cohort-muted">{t('evaluations.result.awaiting')}</p>
      ) : (
        <>
          <p className="evaluation-grade__value">
            {result.absent
              ? t('evaluations.result.absent')
              : t('evaluations.result.onScale', {
                  grade: formatAverage(result.grade, i18n.language),
                  scale: formatAverage(evaluation.scale, i18n.language),
                })}
          </p>
          <p className="cohort-muted">
            {result.corrected_at
              ? t('evaluations.result.corrected', {
                  date: formatInstant(result.corrected_at, i18n.language),
                  published: formatInstant(result.published_at, i18n.language, {
                    dateStyle: 'medium',
                  }),
                })
              : t('evaluations.result.published', {
                  date: formatInstant(result.published_at, i18n.language, { dateStyle: 'medium' }),
                })}
          </p>
          {result.comment && (
            <figure className="evaluation-grade__comment">
              <figcaption>{t('evaluations.result.comment')}</figcaption>
              <blockquote>{result.comment}</blockquote>
            </figure>
          )}
          <MyFeedback evaluationId={evaluation.id} submissions={evaluation.submissions} />
        </>
      )}
    </section>
  );
}

/** The subject's document, and the correction once the evaluation has closed. */
function Files({ evaluation }: { evaluation: MyEvaluationDetail }) {
  const { t } = useTranslation();
  return (
    <ul className="evaluation-files">
      {evaluation.document_link && (
        <li>
          <a href={evaluation.document_link} target="_blank" rel="noopener noreferrer">
            <FileText size={16} aria-hidden="true" /> {t('evaluations.document')}
          </a>
        </li>
      )}
      {evaluation.correction_link ? (
        <li>
          <a href={evaluation.correction_link} target="_blank" rel="noopener noreferrer">
            <FileText size={16} aria-hidden="true" /> {t('evaluations.correction')}
          </a>
        </li>
      ) : (
        // Once closed without a link there is no correction to wait for (or it is a minute away).
        new Date(evaluation.server_now) < new Date(evaluation.closes_at) && (
          <li>
            <span className="cohort-muted">{t('evaluations.correctionLater')}</span>
          </li>
        )
      )}
    </ul>
  );
}
