import { ROLES, type Role, type UserRow } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
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
import { userKeys } from './api.ts';
import '../../ui/management.css';

const column = createColumnHelper<UserRow>();
const isRole = (value: string | null): value is Role =>
  value !== null && (ROLES as readonly string[]).includes(value);

/** `/users` (super-admin): accounts of every role, filterable by role. */
export function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.title'));
  const [state, setState] = useListState();
  const [params, setParams] = useSearchParams();
  const roleFilter = params.get('role');
  const role = isRole(roleFilter) ? roleFilter : '';
  const path = role ? (`/api/users?role=${role}` as const) : '/api/users';
  const list = useListQuery<UserRow>([...userKeys.all, role], path, state);
  const [stepUp, editWithStepUp] = useStepUpEdit('/users', 'user');

  const columns = [
    column.accessor('last_name', {
      header: t('users.fields.name'),
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <RoleLink to={`/users/${row.original.id}`} className="manage-name">
          {row.original.first_name} {row.original.last_name}
        </RoleLink>
      ),
    }),
    column.accessor('email', { header: t('users.fields.email'), meta: { sortKey: 'email' } }),
    column.accessor('role', {
      header: t('users.fields.role'),
      meta: { sortKey: 'role', priority: 2 },
      cell: ({ getValue }) => <span className="badge">{t(`roles.${getValue()}`)}</span>,
    }),
    column.accessor('institution', {
      header: t('users.fields.institution'),
      meta: { sortKey: 'institution', priority: 2 },
      cell: ({ row }) =>
        row.original.institution ? (
          <span className="manage-name" style={{ fontWeight: 500 }}>
            <span
              className="manage-swatch"
              style={{ background: row.original.institution_color_code ?? undefined }}
            />
            {row.original.institution}
          </span>
        ) : (
          <span className="manage-muted">{t('users.noInstitution')}</span>
        ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('manage.actions.title')}</span>,
      cell: ({ row }) => (
        <RowActions
          name={`${row.original.first_name} ${row.original.last_name}`}
          can={row.original.can}
          archived={row.original.archived_at !== null}
          view={`/users/${row.original.id}`}
          edit={() => editWithStepUp(row.original.id)}
          apiPath={`/api/users/${row.original.id}`}
          invalidate={[userKeys.all]}
          deletable
        />
      ),
    }),
  ];

  const csv: CsvColumn<UserRow>[] = [
    { header: t('users.fields.first_name'), value: (row) => row.first_name },
    { header: t('users.fields.last_name'), value: (row) => row.last_name },
    { header: t('users.fields.email'), value: (row) => row.email },
    { header: t('users.fields.role'), value: (row) => t(`roles.${row.role}`) },
    { header: t('users.fields.institution'), value: (row) => row.institution },
    { header: t('users.fields.phone'), value: (row) => row.phone },
  ];

  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('manage.eyebrow')}
        title={t('users.title')}
        actions={
          <Link to="/users/add" className="button button--primary button--small">
            <Plus size={16} aria-hidden="true" />
            {t('users.add')}
          </Link>
        }
      />
      <div className="manage-list">
        <DataTable
          caption={t('users.title')}
          columns={columns}
          answer={list.data}
          isLoading={list.isLoading}
          state={state}
          onStateChange={setState}
          emptyMessage={t('users.empty')}
          archivable
          getRowId={(row) => String(row.id)}
          actions={
            <>
              <label className="sr-only" htmlFor="users-role-filter">
                {t('users.filterRole')}
              </label>
              <select
                id="users-role-filter"
                className="field__input manage-filter"
                value={role}
                onChange={(event) =>
                  setParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      if (event.target.value) next.set('role', event.target.value);
                      else next.delete('role');
                      next.delete('page');
                      return next;
                    },
                    { replace: true },
                  )
                }
              >
                <option value="">{t('users.allRoles')}</option>
                {[...ROLES].reverse().map((value) => (
                  <option key={value} value={value}>
                    {t(`roles.${value}`)}
                  </option>
                ))}
              </select>
              <ExportButton path={path} state={state} columns={csv} filename="users.csv" />
            </>
          }
        />
      </div>
      {stepUp}
    </div>
  );
}
