import { EVALUATION_STATUSES, EVALUATION_TYPES, type MyEvaluation } from '@skolar/shared';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMyEvaluations } from '../../api/evaluations.ts';
import { myEvaluationPath } from '../../lib/evaluation-paths.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { useListState } from '../../lib/list-state.ts';
import { EvaluationStatusBadge } from '../../ui/evaluation-status-badge.tsx';
import { ListPager } from '../../ui/list-pager.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { FilterSelect } from './filter-select.tsx';
import { useWhen } from './when.tsx';
import '../../ui/cohorts.css';
import './evaluations.css';

/** `/list-evaluations`: the student's evaluations, soonest due first, each with its status. */
export function MyEvaluationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('evaluations.mine'));
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useListState();
  const type = EVALUATION_TYPES.find((value) => value === params.get('type'));
  const status = EVALUATION_STATUSES.find((value) => value === params.get('status'));
  const { data, error, isLoading } = useMyEvaluations({
    type,
    status,
    page: page.page,
    per_page: page.per_page,
  });
  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    // Another filter starts again from the first page.
    next.delete('page');
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
        <FilterSelect
          label={t('evaluations.fields.type')}
          all={t('evaluations.allTypes')}
          value={type}
          options={EVALUATION_TYPES.map((value) => ({
            value,
            label: t(`evaluations.type.${value}`),
          }))}
          onChange={(value) => choose('type', value)}
        />
        <FilterSelect
          label={t('evaluations.fields.status')}
          all={t('evaluations.allStatuses')}
          value={status}
          options={EVALUATION_STATUSES.map((value) => ({
            value,
            label: t(`evaluations.status.${value}`),
          }))}
          onChange={(value) => choose('status', value)}
        />
      </div>
      {error ? (
        <p className="notice notice--error">{errorMessage(error)}</p>
      ) : isLoading || !data ? (
        <p className="cohort-muted">{t('app.loading')}</p>
      ) : data.data.length === 0 ? (
        <p className="card cohort-empty evaluation-empty">{t('evaluations.empty')}</p>
      ) : (
        <>
          <ul className="evaluation-list" aria-label={t('evaluations.mine')}>
            {data.data.map((evaluation) => (
              <MyEvaluationItem key={evaluation.id} evaluation={evaluation} />
            ))}
          </ul>
          <ListPager
            state={page}
            total={data.meta.total}
            shown={data.data.length}
            onStateChange={setPage}
          />
        </>
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
