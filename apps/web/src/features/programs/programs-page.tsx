import type { Program } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListQuery } from '../../api/list-query.ts';
import { useSession } from '../../api/session.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { CsvColumn } from '../../ui/export-csv.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { useStepUpEdit } from '../../ui/step-up-edit.tsx';
import { programKeys } from './api.ts';
import '../../ui/management.css';

const column = createColumnHelper<Program>();

/**
 * `/programs`: the super-admin manages every program; an admin or super-teacher sees the
 * programs of their institution and opens one to see its promotions.
 */
export function ProgramsPage() {
  const { t } = useTranslation();
  usePageTitle(t('programs.title'));
  const { user } = useSession();
  const superAdmin = user?.role === 'super-admin';
  const [state, setState] = useListState();
  const list = useListQuery<Program>(programKeys.all, '/api/programs', state);
  const [stepUp, editWithStepUp] = useStepUpEdit('/programs', 'program');

  const columns = [
    column.accessor('name', {
      header: t('programs.fields.name'),
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <RoleLink to={`/programs/${row.original.id}`} className="manage-name">
          {row.original.name}
        </RoleLink>
      ),
    }),
    column.accessor('sector', {
      header: t('programs.fields.sector'),
      meta: { sortKey: 'sector', priority: 2 },
    }),
    column.accessor('levels', {
      header: t('programs.fields.levels'),
      meta: { priority: 3 },
      cell: ({ getValue }) => getValue().join(', ') || '—',
    }),
    column.accessor('nb_promotions', {
      header: t('programs.fields.nb_promotions'),
      meta: { sortKey: 'nb_promotions', numeric: true, priority: 2 },
    }),
    ...(superAdmin
      ? [
          column.accessor('nb_institutions', {
            header: t('programs.fields.nb_institutions'),
            meta: { sortKey: 'nb_institutions', numeric: true, priority: 3 },
          }),
        ]
      : []),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('manage.actions.title')}</span>,
      cell: ({ row }) => (
        <RowActions
          name={row.original.name}
          can={row.original.can}
          archived={row.original.archived_at !== null}
          view={`/programs/${row.original.id}`}
          edit={() => editWithStepUp(row.original.id)}
          apiPath={`/api/programs/${row.original.id}`}
          invalidate={[programKeys.all]}
          deletable
        />
      ),
    }),
  ];

  const csv: CsvColumn<Program>[] = [
    { header: t('programs.fields.name'), value: (row) => row.name },
    { header: t('programs.fields.sector'), value: (row) => row.sector },
    { header: t('programs.fields.levels'), value: (row) => row.levels.join(', ') },
    { header: t('programs.fields.nb_promotions'), value: (row) => row.nb_promotions },
    { header: t('programs.fields.description'), value: (row) => row.description },
  ];

  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('manage.eyebrow')}
        title={t('programs.title')}
        actions={
          superAdmin && (
            <Link to="/programs/add" className="button button--primary button--small">
              <Plus size={16} aria-hidden="true" />
              {t('programs.add')}
            </Link>
          )
        }
      />
      <div className="manage-list">
        <DataTable
          caption={t('programs.title')}
          columns={columns}
          answer={list.data}
          isLoading={list.isLoading}
          state={state}
          onStateChange={setState}
          emptyMessage={t('programs.empty')}
          archivable
          getRowId={(row) => String(row.id)}
          actions={
            <ExportButton
              path="/api/programs"
              state={state}
              columns={csv}
              filename="programs.csv"
            />
          }
        />
      </div>
      {stepUp}
    </div>
  );
}
