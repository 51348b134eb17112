import type { ModuleSubjectLink } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../api/session.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RelationTable } from '../../ui/relation-table.tsx';
import { moduleKeys, useModule } from './api.ts';

const column = createColumnHelper<ModuleSubjectLink>();

/** `/module-subject/:moduleId`: the subjects of a module, to assign or dissociate. */
export function ModuleSubjectPage() {
  const { t } = useTranslation();
  const id = Number(useParams().moduleId);
  const { user } = useSession();
  const module = useModule(id);
  usePageTitle(t('modules.subjects'));
  const columns = [
    column.accessor('name', { header: t('modules.subject.name'), meta: { sortKey: 'name' } }),
    column.accessor('coefficient', {
      header: t('modules.subject.coefficient'),
      meta: { numeric: true },
    }),
    column.accessor('hourly_volume', {
      header: t('modules.fields.hourly_volume'),
      meta: { numeric: true },
      cell: ({ getValue }) => t('modules.hours', { count: getValue() }),
    }),
    ...(user?.role === 'super-admin'
      ? [
          column.accessor('institution', {
            header: t('modules.subject.institution'),
            meta: { sortKey: 'institution' },
          }),
        ]
      : []),
  ];
  return (
    <div className="container page">
      <PageHeader
        eyebrow={module.data?.name ?? t('modules.title')}
        title={t('modules.subjects')}
        back={{
          to: user?.role === 'super-teacher' ? '/dashboard' : `/modules/${id}`,
          label: t('manage.back'),
        }}
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
