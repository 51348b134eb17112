import type { Group } from '@skolar/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGroups } from '../../api/groups.ts';
import { useSession } from '../../api/session.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import '../../ui/cohorts.css';
import { formatPromotion } from '../../lib/format.ts';
import { pagePath } from '../../lib/page-path.ts';

const groupPath = (g: { promotion_id: number; id: number }) =>
  pagePath('/:promotionId/groups/:groupId', { promotionId: g.promotion_id, groupId: g.id });

/** `/groups`: the groups of the institution (super-teacher) or of the teacher's promotions. */
export function GroupsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('groups.title'));
  const { user } = useSession();
  const [state, setState] = useListState();
  const { data, isLoading } = useGroups(state);
  const columns = useMemo<ColumnDef<Group>[]>(
    () => [
      {
        id: 'name',
        header: t('cohorts.fields.name'),
        meta: { sortKey: 'name' },
        cell: ({ row }) => (
          <RoleLink to={groupPath(row.original)} className="cohort-link">
            {row.original.name}
          </RoleLink>
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
        id: 'nb_students',
        header: t('cohorts.fields.nbStudents'),
        meta: { sortKey: 'nb_students', numeric: true, priority: 2 },
        cell: ({ row }) => row.original.nb_students,
      },
      {
        id: 'nb_subjects',
        header: t('cohorts.fields.nbSubjects'),
        meta: { sortKey: 'nb_subjects', numeric: true, priority: 3 },
        cell: ({ row }) => row.original.nb_subjects,
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
            view={groupPath(row.original)}
            apiPath={`/api/groups/${row.original.id}`}
            invalidate={[['group']]}
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
        eyebrow={t('cohorts.eyebrow')}
        title={t('groups.title')}
        actions={
          user?.role === 'admin' ? (
            <Link to="/groups/add" className="button button--primary">
              <Plus size={16} aria-hidden="true" />
              {t('groups.add')}
            </Link>
          ) : undefined
        }
      />
      <DataTable
        caption={t('groups.title')}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t('groups.empty')}
        archivable
        actions={
          <ExportButton<Group>
            path={'/api/groups'}
            state={state}
            columns={[
              { header: t('cohorts.fields.name'), value: (row) => row.name },
              { header: t('cohorts.fields.promotion'), value: (row) => row.promotion_name },
              { header: t('cohorts.fields.academicYear'), value: (row) => row.academic_year },
              { header: t('students.title'), value: (row) => row.nb_students },
            ]}
            filename="groups.csv"
          />
        }
      />
    </div>
  );
}
