import type { SubjectRow } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListQuery } from '../../api/list-query.ts';
import { formatHours } from '../../lib/format.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { CsvColumn } from '../../ui/export-csv.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink, useMayOpen } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { subjectKeys } from './api.ts';
import { useCoefficient } from './paths.ts';
import '../../ui/management.css';

const column = createColumnHelper<SubjectRow>();

/** `/subjects`: the subjects a teacher teaches; the institution's for admins and super-teachers. */
export function SubjectsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('subjects.title'));
  const mayOpen = useMayOpen();
  const coefficient = useCoefficient();
  const [state, setState] = useListState();
  const list = useListQuery<SubjectRow>(subjectKeys.all, '/api/subjects', state);

  const columns = [
    column.accessor('name', {
      header: t('subjects.fields.name'),
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <RoleLink to={`/subjects/${row.original.id}`} className="manage-name">
          {row.original.name}
        </RoleLink>
      ),
    }),
    column.accessor('coefficient', {
      header: t('subjects.fields.coefficient'),
      meta: { sortKey: 'coefficient', numeric: true, priority: 2 },
      cell: ({ getValue }) => coefficient(getValue()),
    }),
    column.accessor('hourly_volume', {
      header: t('subjects.fields.hourly_volume'),
      meta: { sortKey: 'hourly_volume', numeric: true, priority: 2 },
      cell: ({ getValue }) => formatHours(getValue(), i18n.language),
    }),
    column.accessor('nb_modules', {
      header: t('subjects.fields.nb_modules'),
      meta: { sortKey: 'nb_modules', numeric: true, priority: 3 },
    }),
    column.accessor('nb_teachers', {
      header: t('subjects.fields.nb_teachers'),
      meta: { sortKey: 'nb_teachers', numeric: true, priority: 3 },
    }),
    column.accessor('nb_lessons', {
      header: t('subjects.fields.nb_lessons'),
      meta: { sortKey: 'nb_lessons', numeric: true, priority: 3 },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('manage.actions.title')}</span>,
      cell: ({ row }) => (
        <RowActions
          name={row.original.name}
          can={row.original.can}
          archived={row.original.archived_at !== null}
          view={`/subjects/${row.original.id}`}
          edit={`/subjects/edit/${row.original.id}`}
          apiPath={`/api/subjects/${row.original.id}`}
          invalidate={[subjectKeys.all]}
          deletable
          deleteWarning={
            row.original.nb_lessons > 0
              ? t('subjects.deleteWithLessons', { count: row.original.nb_lessons })
              : undefined
          }
        />
      ),
    }),
  ];

  const csv: CsvColumn<SubjectRow>[] = [
    { header: t('subjects.fields.name'), value: (row) => row.name },
    { header: t('subjects.fields.coefficient'), value: (row) => row.coefficient },
    { header: t('subjects.fields.hourly_volume'), value: (row) => row.hourly_volume },
    { header: t('subjects.fields.nb_modules'), value: (row) => row.nb_modules },
    { header: t('subjects.fields.nb_teachers'), value: (row) => row.nb_teachers },
    { header: t('subjects.fields.nb_lessons'), value: (row) => row.nb_lessons },
    { header: t('subjects.fields.description'), value: (row) => row.description },
  ];

  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('subjects.eyebrow')}
        title={t('subjects.title')}
        actions={
          mayOpen('/subjects/add') && (
            <Link to="/subjects/add" className="button button--primary button--small">
              <Plus size={16} aria-hidden="true" />
              {t('subjects.add')}
            </Link>
          )
        }
      />
      <div className="manage-list">
        <DataTable
          caption={t('subjects.title')}
          columns={columns}
          answer={list.data}
          isLoading={list.isLoading}
          state={state}
          onStateChange={setState}
          emptyMessage={t('subjects.empty')}
          archivable
          getRowId={(row) => String(row.id)}
          actions={
            <ExportButton
              path="/api/subjects"
              state={state}
              columns={csv}
              filename="subjects.csv"
            />
          }
        />
      </div>
    </div>
  );
}
