import type { ModuleRow } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Link2, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListQuery } from '../../api/list-query.ts';
import { useSession } from '../../api/session.ts';
import { formatHours } from '../../lib/format.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { CsvColumn } from '../../ui/export-csv.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { moduleKeys } from './api.ts';
import '../../ui/management.css';

const column = createColumnHelper<ModuleRow>();

/** `/modules`: the super-admin's catalogue of modules; an admin sees those of their institution. */
export function ModulesPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('modules.title'));
  const { user, info } = useSession();
  const superAdmin = user?.role === 'super-admin';
  const [state, setState] = useListState();
  const list = useListQuery<ModuleRow>(moduleKeys.all, '/api/modules', state);

  const columns = [
    column.accessor('name', {
      header: t('modules.fields.name'),
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <RoleLink to={`/modules/${row.original.id}`} className="manage-name">
          {row.original.name}
        </RoleLink>
      ),
    }),
    column.accessor('hourly_volume', {
      header: t('modules.fields.hourly_volume'),
      meta: { sortKey: 'hourly_volume', numeric: true, priority: 2 },
      cell: ({ getValue }) =>
        getValue() === null ? '—' : formatHours(getValue() ?? 0, i18n.language),
    }),
    column.accessor('nb_subjects', {
      header: t('modules.fields.nb_subjects'),
      meta: { sortKey: 'nb_subjects', numeric: true, priority: 2 },
    }),
    ...(superAdmin
      ? [
          column.accessor('nb_institutions', {
            header: t('modules.fields.nb_institutions'),
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
          view={`/modules/${row.original.id}`}
          edit={`/modules/edit/${row.original.id}`}
          apiPath={`/api/modules/${row.original.id}`}
          invalidate={[moduleKeys.all]}
          deletable
        />
      ),
    }),
  ];

  const csv: CsvColumn<ModuleRow>[] = [
    { header: t('modules.fields.name'), value: (row) => row.name },
    { header: t('modules.fields.hourly_volume'), value: (row) => row.hourly_volume },
    { header: t('modules.fields.nb_subjects'), value: (row) => row.nb_subjects },
    { header: t('modules.fields.description'), value: (row) => row.description },
  ];

  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('manage.eyebrow')}
        title={t('modules.title')}
        actions={
          superAdmin ? (
            <Link to="/modules/add" className="button button--primary button--small">
              <Plus size={16} aria-hidden="true" />
              {t('modules.add')}
            </Link>
          ) : (
            info?.institution && (
              <RoleLink
                otherwise="nothing"
                to={`/institution-module/${info.institution.id}`}
                className="button button--primary button--small"
              >
                <Link2 size={16} aria-hidden="true" />
                {t('modules.manageInstitution')}
              </RoleLink>
            )
          )
        }
      />
      <div className="manage-list">
        <DataTable
          caption={t('modules.title')}
          columns={columns}
          answer={list.data}
          isLoading={list.isLoading}
          state={state}
          onStateChange={setState}
          emptyMessage={t('modules.empty')}
          archivable
          getRowId={(row) => String(row.id)}
          actions={
            <ExportButton path="/api/modules" state={state} columns={csv} filename="modules.csv" />
          }
        />
      </div>
    </div>
  );
}
