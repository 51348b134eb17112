import type { Training } from '@skolar/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrainings } from '../../api/trainings.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import '../../ui/cohorts.css';
import { formatPromotion } from '../../lib/format.ts';

/** `/trainings` (super-admin 'courses'): every institution's trainings, read-only. */
export function AllTrainingsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('trainings.all'));
  const [state, setState] = useListState();
  const { data, isLoading } = useTrainings(state);
  const columns = useMemo<ColumnDef<Training>[]>(
    () => [
      {
        id: 'title',
        header: t('cohorts.fields.title'),
        meta: { sortKey: 'title' },
        cell: ({ row }) => <strong>{row.original.title}</strong>,
      },
      {
        id: 'institution_name',
        header: t('cohorts.fields.institution'),
        meta: { sortKey: 'institution_name', priority: 2 },
        cell: ({ row }) => (
          <span
            className="badge"
            style={{ background: `${row.original.institution_color_code}33` }}
          >
            {row.original.institution_name}
          </span>
        ),
      },
      {
        id: 'promotion_name',
        header: t('cohorts.fields.promotion'),
        meta: { sortKey: 'promotion_name', priority: 2 },
        cell: ({ row }) =>
          formatPromotion(
            { name: row.original.promotion_name, academic_year: row.original.academic_year },
            i18n.language,
          ),
      },
      {
        id: 'level',
        header: t('cohorts.fields.level'),
        meta: { sortKey: 'level', priority: 3, fit: true },
        cell: ({ row }) => row.original.level,
      },
      {
        id: 'total_hours',
        header: t('cohorts.fields.totalHours'),
        meta: { sortKey: 'total_hours', numeric: true, priority: 2 },
        cell: ({ row }) => row.original.total_hours,
      },
      {
        id: 'visibility',
        header: t('cohorts.fields.visibility'),
        meta: { sortKey: 'visibility', fit: true },
        cell: ({ row }) => (
          <StatusBadge
            archived={row.original.archived_at !== null}
            label={t(`trainings.visibility.${row.original.visibility}`)}
          />
        ),
      },
    ],
    [t, i18n.language],
  );
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('menu.courses')} title={t('trainings.all')} />
      <DataTable
        caption={t('trainings.all')}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t('trainings.empty')}
        archivable
        actions={
          <ExportButton<Training>
            path={'/api/trainings'}
            state={state}
            columns={[
              { header: t('cohorts.fields.title'), value: (row) => row.title },
              { header: t('cohorts.fields.program'), value: (row) => row.program },
              { header: t('cohorts.fields.level'), value: (row) => row.level },
              { header: t('cohorts.fields.promotion'), value: (row) => row.promotion_name },
              { header: t('cohorts.fields.academicYear'), value: (row) => row.academic_year },
              { header: t('cohorts.fields.totalHours'), value: (row) => row.total_hours },
              { header: t('cohorts.fields.visibility'), value: (row) => row.visibility },
            ]}
            filename="trainings.csv"
          />
        }
      />
    </div>
  );
}
