import { type Evaluation, type EvaluationType, roleMay } from '@skolar/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { ListChecks, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { evaluationKeys, useEvaluations, useSubjectChoices } from '../../api/evaluations.ts';
import { useSession } from '../../api/session.ts';
import {
  evaluationAddPath,
  evaluationEditPath,
  evaluationPath,
} from '../../lib/evaluation-paths.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { FilterSelect } from './filter-select.tsx';
import { useWhen, windowState } from './when.tsx';
import '../../ui/cohorts.css';
import './evaluations.css';

const TYPES = ['exam', 'project'] as const;

/** `/evaluations`: the evaluations in scope, by subject and type; a new one starts from a subject. */
export function EvaluationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('evaluations.title'));
  const { user } = useSession();
  const [state, setState] = useListState();
  const [params, setParams] = useSearchParams();
  const subjectId = Number(params.get('subject_id')) || undefined;
  const type = TYPES.find((value) => value === params.get('type'));
  const { data, isLoading } = useEvaluations(state, { subject_id: subjectId, type });
  const when = useWhen();
  const columns = useMemo<ColumnDef<Evaluation>[]>(() => {
    const now = Date.now();
    return [
      {
        id: 'title',
        header: t('evaluations.fields.title'),
        meta: { sortKey: 'title' },
        cell: ({ row }) => (
          <RoleLink to={evaluationPath(row.original)} className="manage-name evaluation-cell-wrap">
            {row.original.title}
          </RoleLink>
        ),
      },
      {
        // The subject and, under it, the training: one column keeps the table within 1366 px.
        id: 'subject_name',
        header: t('evaluations.fields.subject'),
        meta: { sortKey: 'subject_name', priority: 2, fit: true },
        cell: ({ row }) => (
          <span className="evaluation-cell-wrap">
            {row.original.subject.name}
            <span className="evaluation-cell-sub">{row.original.training.title}</span>
          </span>
        ),
      },
      {
        id: 'type',
        header: t('evaluations.fields.type'),
        meta: { sortKey: 'type', priority: 3, fit: true },
        cell: ({ row }) => t(`evaluations.type.${row.original.type}`),
      },
      {
        id: 'date',
        header: t('evaluations.fields.when'),
        meta: { sortKey: 'date', fit: true },
        cell: ({ row }) => <span className="evaluation-cell-when">{when(row.original)}</span>,
      },
      {
        id: 'percentage',
        header: t('evaluations.fields.percentage'),
        meta: { sortKey: 'percentage', numeric: true, priority: 3 },
        cell: ({ row }) => `${row.original.percentage} %`,
      },
      {
        id: 'window',
        header: t('evaluations.fields.window'),
        meta: { priority: 2, fit: true },
        cell: ({ row }) => (
          <StatusBadge
            archived={row.original.archived_at !== null}
            label={t(`evaluations.window.${windowState(row.original, now)}`)}
          />
        ),
      },
      {
        id: 'actions',
        header: t('cohorts.actions'),
        cell: ({ row }) => (
          <RowActions
            area="cohorts"
            name={row.original.title}
            can={row.original.permissions}
            archived={row.original.archived_at !== null}
            view={evaluationPath(row.original)}
            edit={evaluationEditPath(row.original)}
            apiPath={`/api/evaluations/${row.original.id}`}
            invalidate={[evaluationKeys.all]}
            deletable
          />
        ),
      },
    ];
  }, [t, when]);
  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };
  const mayCreate = user ? roleMay(user.role, 'create', 'evaluation') : false;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('evaluations.eyebrow')}
        title={t('evaluations.title')}
        actions={
          <Link to="/quizz" className="button button--ghost button--small">
            <ListChecks size={16} aria-hidden="true" />
            {t('evaluations.quizzesLink')}
          </Link>
        }
      />
      <Filters subjectId={subjectId} type={type} onChange={choose} mayCreate={mayCreate} />
      <DataTable
        caption={t('evaluations.title')}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t('evaluations.empty')}
        archivable
      />
    </div>
  );
}

/** The subject and type filters; the chosen subject is where "add" creates an evaluation. */
function Filters({
  subjectId,
  type,
  onChange,
  mayCreate,
}: {
  subjectId: number | undefined;
  type: EvaluationType | undefined;
  onChange: (key: string, value: string) => void;
  mayCreate: boolean;
}) {
  const { t } = useTranslation();
  const subjects = useSubjectChoices();
  return (
    <div className="evaluation-toolbar">
      <FilterSelect
        label={t('evaluations.fields.subject')}
        all={t('evaluations.allSubjects')}
        value={subjectId}
        options={(subjects.data?.data ?? []).map((subject) => ({
          value: subject.id,
          label: subject.name,
        }))}
        onChange={(value) => onChange('subject_id', value)}
      />
      <FilterSelect
        label={t('evaluations.fields.type')}
        all={t('evaluations.allTypes')}
        value={type}
        options={TYPES.map((value) => ({ value, label: t(`evaluations.type.${value}`) }))}
        onChange={(value) => onChange('type', value)}
      />
      {mayCreate &&
        (subjectId ? (
          <Link to={evaluationAddPath(subjectId)} className="button button--primary">
            <Plus size={16} aria-hidden="true" />
            {t('evaluations.add')}
          </Link>
        ) : (
          <p className="cohort-muted">{t('evaluations.pickSubjectHint')}</p>
        ))}
    </div>
  );
}
