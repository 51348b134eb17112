import { EVALUATION_STATUSES, EVALUATION_TYPES, type MyEvaluation } from '@skolar/shared';
import { ListChecks } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMyEvaluations } from '../../api/evaluations.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { EvaluationStatusBadge } from '../../ui/evaluation-status-badge.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { myEvaluationPath } from './paths.ts';
import { useWhen } from './when.tsx';
import '../../ui/cohorts.css';
import './evaluations.css';

/** `/list-evaluations`: the student's evaluations, soonest due first, each with its status. */
export function MyEvaluationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('evaluations.mine'));
  const id = useId();
  const [params, setParams] = useSearchParams();
  const type = EVALUATION_TYPES.find((value) => value === params.get('type'));
  const status = EVALUATION_STATUSES.find((value) => value === params.get('status'));
  const { data, error, isLoading } = useMyEvaluations({ type, status });
  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('evaluations.eyebrow')}
        title={t('evaluations.mine')}
        actions={
          <Link to="/quizz" className="button button--ghost button--small">
            <ListChecks size={16} aria-hidden="true" />
            {t('evaluations.quizzesLink')}
          </Link>
        }
      />
      <div className="evaluation-toolbar">
        <div className="field">
          <label htmlFor={`${id}-type`} className="field__label">
            {t('evaluations.fields.type')}
          </label>
          <select
            id={`${id}-type`}
            className="field__input"
            value={type ?? ''}
            onChange={(event) => choose('type', event.target.value)}
          >
            <option value="">{t('evaluations.allTypes')}</option>
            {EVALUATION_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`evaluations.type.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`} className="field__label">
            {t('evaluations.fields.status')}
          </label>
          <select
            id={`${id}-status`}
            className="field__input"
            value={status ?? ''}
            onChange={(event) => choose('status', event.target.value)}
          >
            <option value="">{t('evaluations.allStatuses')}</option>
            {EVALUATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`evaluations.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p className="notice notice--error">{errorMessage(error)}</p>
      ) : isLoading || !data ? (
        <p className="cohort-muted">{t('app.loading')}</p>
      ) : data.data.length === 0 ? (
        <p className="card cohort-empty evaluation-empty">{t('evaluations.empty')}</p>
      ) : (
        <ul className="evaluation-list" aria-label={t('evaluations.mine')}>
          {data.data.map((evaluation) => (
            <MyEvaluationItem key={evaluation.id} evaluation={evaluation} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MyEvaluationItem({ evaluation }: { evaluation: MyEvaluation }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <li className="card evaluation-item">
      <div className="evaluation-item__text">
        <Link to={myEvaluationPath(evaluation.id)} className="evaluation-item__title">
          {evaluation.title}
        </Link>
        <span className="cohort-muted">
          {t(`evaluations.type.${evaluation.type}`)} · {evaluation.subject.name} ·{' '}
          {evaluation.training.title}
        </span>
        <span>{when(evaluation)}</span>
      </div>
      <EvaluationStatusBadge status={evaluation.status} />
    </li>
  );
}
