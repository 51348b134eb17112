import type { Institution } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListQuery } from '../../api/list-query.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { CsvColumn } from '../../ui/export-csv.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { useStepUpEdit } from '../../ui/step-up-edit.tsx';
import { institutionKeys } from './api.ts';
import '../../ui/management.css';

const column = createColumnHelper<Institution>();

/** `/institutions` (super-admin): every institution, with its users and programs counted. */
export function InstitutionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('institutions.title'));
  const [state, setState] = useListState();
  const list = useListQuery<Institution>(institutionKeys.all, '/api/institutions', state);
  const [stepUp, editWithStepUp] = useStepUpEdit('/institutions', 'institution');

  const columns = [
    column.accessor('name', {
      header: t('institutions.fields.name'),
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <RoleLink to={`/institutions/${row.original.id}`} className="manage-name">
          {row.original.logo_link ? (
            <img
              className="manage-logo"
              src={row.original.logo_link}
              alt=""
              width={32}
              height={32}
              loading="lazy"
            />
          ) : (
            <span className="manage-swatch" style={{ background: row.original.color_code }} />
          )}
          {row.original.name}
        </RoleLink>
      ),
    }),
    column.accessor('diminutive', {
      header: t('institutions.fields.diminutive'),
      meta: { sortKey: 'diminutive', priority: 3, fit: true },
      cell: ({ getValue }) => getValue() ?? '—',
    }),
    column.accessor('kind', {
      header: t('institutions.fields.kind'),
      meta: { sortKey: 'kind', priority: 2, fit: true },
      cell: ({ getValue }) => t(`institutions.kinds.${getValue()}`),
    }),
    column.accessor('color_code', {
      header: t('institutions.fields.color_code'),
      meta: { priority: 3, fit: true },
      cell: ({ getValue }) => (
        <span className="manage-name">
          <span className="manage-swatch" style={{ background: getValue() }} />
          <code>{getValue()}</code>
        </span>
      ),
    }),
    column.accessor('nb_users', {
      header: t('institutions.fields.nb_users'),
      meta: { sortKey: 'nb_users', numeric: true, priority: 2 },
    }),
    column.accessor('nb_programs', {
      header: t('institutions.fields.nb_programs'),
      meta: { sortKey: 'nb_programs', numeric: true, priority: 2 },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('manage.actions.title')}</span>,
      cell: ({ row }) => (
        <RowActions
          name={row.original.name}
          can={row.original.can}
          archived={row.original.archived_at !== null}
          view={`/institutions/${row.original.id}`}
          edit={() => editWithStepUp(row.original.id)}
          apiPath={`/api/institutions/${row.original.id}`}
          invalidate={[institutionKeys.all]}
          deletable
        />
      ),
    }),
  ];

  const csv: CsvColumn<Institution>[] = [
    { header: t('institutions.fields.name'), value: (row) => row.name },
    { header: t('institutions.fields.diminutive'), value: (row) => row.diminutive },
    { header: t('institutions.fields.kind'), value: (row) => t(`institutions.kinds.${row.kind}`) },
    { header: t('institutions.fields.color_code'), value: (row) => row.color_code },
    { header: t('institutions.fields.email'), value: (row) => row.email },
    { header: t('institutions.fields.phone'), value: (row) => row.phone },
    { header: t('institutions.fields.url'), value: (row) => row.url },
    { header: t('institutions.fields.nb_users'), value: (row) => row.nb_users },
    { header: t('institutions.fields.nb_programs'), value: (row) => row.nb_programs },
  ];

  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('manage.eyebrow')}
        title={t('institutions.title')}
        actions={
          <Link to="/institutions/add" className="button button--primary button--small">
            <Plus size={16} aria-hidden="true" />
            {t('institutions.add')}
          </Link>
        }
      />
      <div className="manage-list">
        <DataTable
          caption={t('institutions.title')}
          columns={columns}
          answer={list.data}
          isLoading={list.isLoading}
          state={state}
          onStateChange={setState}
          emptyMessage={t('institutions.empty')}
          archivable
          getRowId={(row) => String(row.id)}
          actions={
            <ExportButton
              path="/api/institutions"
              state={state}
              columns={csv}
              filename="institutions.csv"
            />
          }
        />
      </div>
      {stepUp}
    </div>
  );
}
