import type { PersonRow } from '@skolar/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName, type PersonKind, peoplePath, usePeople } from '../../api/people.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { CsvColumn } from '../../ui/export-csv.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useStepUpEdit } from '../../ui/step-up-edit.tsx';
import { ImportPanel } from './import-panel.tsx';
import '../../ui/cohorts.css';
import { base, ns } from './people-paths.ts';

/** `/students` and `/teachers`: the institution's people, searchable, with their actions. */
export function PeopleListPage({ kind }: { kind: PersonKind }) {
  const { t } = useTranslation();
  const n = ns(kind);
  usePageTitle(t(`${n}.title`));
  const [state, setState] = useListState();
  const { data, isLoading } = usePeople(kind, state);
  const [stepUpDialog, editWithStepUp] = useStepUpEdit(base(kind), kind);
  const [importing, setImporting] = useState(false);

  const columns = useMemo<ColumnDef<PersonRow>[]>(
    () => [
      {
        id: 'last_name',
        header: t('cohorts.fields.name'),
        meta: { sortKey: 'last_name' },
        cell: ({ row }) => (
          <RoleLink to={`${base(kind)}/${row.original.id}`} className="cohort-link">
            {fullName(row.original)}
          </RoleLink>
        ),
      },
      {
        id: 'email',
        header: t('cohorts.fields.email'),
        meta: { sortKey: 'email' },
        cell: ({ row }) => row.original.email,
      },
      ...(kind === 'teacher'
        ? ([
            {
              id: 'role',
              header: t('cohorts.fields.role'),
              meta: { priority: 3 },
              cell: ({ row }) => t(`roles.${row.original.role}`),
            },
            {
              id: 'nb_subjects',
              header: t('cohorts.fields.nbSubjects'),
              meta: { sortKey: 'nb_subjects', numeric: true, priority: 3 },
              cell: ({ row }) => row.original.nb_subjects,
            },
          ] satisfies ColumnDef<PersonRow>[])
        : ([
            {
              id: 'nb_groups',
              header: t('cohorts.fields.nbGroups'),
              meta: { sortKey: 'nb_groups', numeric: true, priority: 3 },
              cell: ({ row }) => row.original.nb_groups,
            },
          ] satisfies ColumnDef<PersonRow>[])),
      {
        id: 'promotions',
        header: t('cohorts.fields.promotions'),
        meta: { priority: 2 },
        cell: ({ row }) => row.original.promotions.join(', ') || '—',
      },
      {
        id: 'status',
        header: t('cohorts.fields.status'),
        meta: { fit: true },
        cell: ({ row }) =>
          row.original.archived_at ? (
            <StatusBadge archived />
          ) : row.original.email_verified_at ? (
            <span className="badge badge--success">{t('cohorts.active')}</span>
          ) : (
            <span className="badge">{t('cohorts.invited')}</span>
          ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('cohorts.actions')}</span>,
        cell: ({ row }) => (
          <RowActions
            area="cohorts"
            name={fullName(row.original)}
            can={row.original.can}
            archived={row.original.archived_at !== null}
            view={`${base(kind)}/${row.original.id}`}
            edit={() => editWithStepUp(row.original.id)}
            apiPath={`${peoplePath(kind)}/${row.original.id}`}
            invalidate={[[kind]]}
          />
        ),
      },
    ],
    [t, kind, editWithStepUp],
  );

  const csvColumns: CsvColumn<PersonRow>[] = [
    { header: t('cohorts.fields.lastName'), value: (row) => row.last_name },
    { header: t('cohorts.fields.firstName'), value: (row) => row.first_name },
    { header: t('cohorts.fields.email'), value: (row) => row.email },
    { header: t('cohorts.fields.phone'), value: (row) => row.phone },
    { header: t('promotions.title'), value: (row) => row.promotions.join(', ') },
  ];

  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('cohorts.eyebrow')}
        title={t(`${n}.title`)}
        actions={
          <>
            <button
              type="button"
              className="button button--ghost"
              aria-expanded={importing}
              onClick={() => setImporting(!importing)}
            >
              <Upload size={16} aria-hidden="true" />
              {t('imports.action')}
            </button>
            <Link to={`${base(kind)}/add`} className="button button--primary">
              <Plus size={16} aria-hidden="true" />
              {t(`${n}.add`)}
            </Link>
          </>
        }
      />
      {importing && <ImportPanel kind={kind} />}
      <DataTable
        caption={t(`${n}.title`)}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t(`${n}.empty`)}
        archivable
        actions={
          <ExportButton
            path={peoplePath(kind)}
            state={state}
            columns={csvColumns}
            filename={`${kind}s.csv`}
          />
        }
      />
      {stepUpDialog}
    </div>
  );
}
