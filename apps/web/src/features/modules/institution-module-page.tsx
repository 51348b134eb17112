import type { InstitutionLink } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatHours } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RelationTable } from '../../ui/relation-table.tsx';

const column = createColumnHelper<InstitutionLink>();

/** `/institution-module/:id` (admin): the modules their institution uses, to assign or dissociate. */
export function InstitutionModulePage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  usePageTitle(t('modules.institutionTitle'));
  const columns = [
    column.accessor('name', { header: t('modules.fields.name'), meta: { sortKey: 'name' } }),
    column.accessor('hourly_volume', {
      header: t('modules.fields.hourly_volume'),
      meta: { numeric: true, priority: 2 },
      cell: ({ getValue }) =>
        getValue() === null ? '—' : formatHours(getValue() ?? 0, i18n.language),
    }),
  ];
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('modules.title')}
        title={t('modules.institutionTitle')}
        back={{ to: '/modules', label: t('manage.back') }}
      />
      <RelationTable<InstitutionLink>
        caption={t('modules.institutionTitle')}
        path={`/api/institutions/${id}/modules`}
        queryKey={['institutions', id, 'modules']}
        columns={columns}
        emptyMessage={t('modules.empty')}
      />
    </div>
  );
}
