import type { ModuleSubjectLink } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../api/session.ts';
import { formatHours } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RelationTable } from '../../ui/relation-table.tsx';
import { RoleLink } from '../../ui/role-link.tsx';
import { moduleKeys, useModule } from './api.ts';

const column = createColumnHelper<ModuleSubjectLink>();

/** `/module-subject/:moduleId`: the subjects of a module, to assign or dissociate. */
export function ModuleSubjectPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().moduleId);
  const { user } = useSession();
  const module = useModule(id);
  usePageTitle(t('modules.subjects'));
  const columns = [
    column.accessor('name', {
      header: t('modules.subject.name'),
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <RoleLink to={`/subjects/${row.original.id}`} className="manage-name">
          {row.original.name}
        </RoleLink>
      ),
    }),
    column.accessor('coefficient', {
      header: t('modules.subject.coefficient'),
      meta: { numeric: true, priority: 2 },
    }),
    column.accessor('hourly_volume', {
      header: t('modules.fields.hourly_volume'),
      meta: { numeric: true, priority: 2 },
      cell: ({ getValue }) => formatHours(getValue(), i18n.language),
    }),
    ...(user?.role === 'super-admin'
      ? [
          column.accessor('institution', {
            header: t('modules.subject.institution'),
            meta: { sortKey: 'institution', priority: 2 },
          }),
        ]
      : []),
  ];
  return (
    <div className="container page">
      <PageHeader
        eyebrow={module.data?.name ?? t('modules.title')}
        title={t('modules.subjects')}
        back={[
          { to: `/modules/${id}`, label: t('manage.back') },
          { to: '/subjects', label: t('manage.back') },
        ]}
        actions={
          <Link to={`/${id}/subjects/add`} className="button button--primary button--small">
            <Plus size={16} aria-hidden="true" />
            {t('subjects.add')}
          </Link>
        }
      />
      <RelationTable<ModuleSubjectLink>
        caption={t('modules.subjects')}
        path={`/api/modules/${id}/subjects`}
        queryKey={moduleKeys.subjects(id)}
        columns={columns}
        emptyMessage={t('modules.noSubject')}
      />
    </div>
  );
}
