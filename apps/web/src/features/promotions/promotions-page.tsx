import type { Promotion } from '@skolar/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProgramOptions, usePromotions } from '../../api/promotions.ts';
import { useSession } from '../../api/session.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import '../../ui/cohorts.css';
import { formatAcademicYear } from '../../lib/format.ts';
import { promotionPath } from './promotion-path.ts';

/** `/:id?/promotions`: the promotions of a program, or of the whole institution. */
export function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const programId = params.id ? Number(params.id) : undefined;
  usePageTitle(t('promotions.title'));
  const { user } = useSession();
  const [state, setState] = useListState();
  const { data, isLoading } = usePromotions(state, programId);
  const isAdmin = user?.role === 'admin';
  const programs = useProgramOptions(isAdmin);
  const addProgram = programId ?? programs.data?.[0]?.id;
  const program = programs.data?.find((p) => p.id === programId);

  const columns = useMemo<ColumnDef<Promotion>[]>(
    () => [
      {
        id: 'name',
        header: t('cohorts.fields.name'),
        meta: { sortKey: 'name' },
        cell: ({ row }) => (
          <RoleLink to={promotionPath(row.original)} className="cohort-link">
            {row.original.name}
          </RoleLink>
        ),
      },
      {
        id: 'academic_year',
        header: t('cohorts.fields.academicYear'),
        meta: { sortKey: 'academic_year', priority: 2, fit: true },
        cell: ({ row }) => formatAcademicYear(row.original.academic_year, i18n.language),
      },
      {
        id: 'program_name',
        header: t('cohorts.fields.program'),
        meta: { sortKey: 'program_name', priority: 2 },
        cell: ({ row }) => row.original.program_name,
      },
      {
        id: 'level',
        header: t('cohorts.fields.level'),
        meta: { sortKey: 'level', priority: 3, fit: true },
        cell: ({ row }) => row.original.level,
      },
      {
        id: 'nb_students',
        header: t('cohorts.fields.nbStudents'),
        meta: { sortKey: 'nb_students', numeric: true, priority: 3 },
        cell: ({ row }) => row.original.nb_students,
      },
      {
        id: 'nb_trainings',
        header: t('cohorts.fields.nbTrainings'),
        meta: { sortKey: 'nb_trainings', numeric: true, priority: 3 },
        cell: ({ row }) => row.original.nb_trainings,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('cohorts.actions')}</span>,
        cell: ({ row }) => (
          <RowActions
            area="cohorts"
            name={row.original.name}
            can={row.original.can}
            archived={row.original.archived_at !== null}
            view={promotionPath(row.original)}
            edit={`/${row.original.program_id}/promotions/edit/${row.original.id}`}
            apiPath={`/api/promotions/${row.original.id}`}
            invalidate={[['promotion']]}
            deletable
          />
        ),
      },
    ],
    [t, i18n.language],
  );

  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={program ? program.name : t('cohorts.eyebrow')}
        title={t('promotions.title')}
        actions={
          isAdmin && addProgram ? (
            <Link to={`/${addProgram}/promotions/add`} className="button button--primary">
              <Plus size={16} aria-hidden="true" />
              {t('promotions.add')}
            </Link>
          ) : undefined
        }
      />
      <DataTable
        caption={t('promotions.title')}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t('promotions.empty')}
        archivable
        actions={
          <ExportButton<Promotion>
            path={programId ? `/api/promotions?program_id=${programId}` : '/api/promotions'}
            state={state}
            columns={[
              { header: t('cohorts.fields.program'), value: (row) => row.program_name },
              { header: t('cohorts.fields.name'), value: (row) => row.name },
              { header: t('cohorts.fields.academicYear'), value: (row) => row.academic_year },
              { header: t('cohorts.fields.level'), value: (row) => row.level },
              { header: t('students.title'), value: (row) => row.nb_students },
              { header: t('trainings.title'), value: (row) => row.nb_trainings },
            ]}
            filename="promotions.csv"
          />
        }
      />
    </div>
  );
}
