import type { InstitutionLink } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RelationTable } from '../../ui/relation-table.tsx';
import { institutionKeys, useInstitution } from './api.ts';

const column = createColumnHelper<InstitutionLink>();

/** `/institution-program/:id` (super-admin): assign programs to the institution, or dissociate them. */
export function InstitutionProgramPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const institution = useInstitution(id);
  usePageTitle(t('institutions.programsOf', { name: institution.data?.name ?? '' }));
  const columns = useMemo(
    () => [
      column.accessor('name', { header: t('programs.fields.name'), meta: { sortKey: 'name' } }),
      column.accessor('sector', { header: t('programs.fields.sector'), meta: { priority: 2 } }),
      column.accessor('levels', {
        header: t('programs.fields.levels'),
        meta: { priority: 3 },
        cell: ({ getValue }) => (getValue() ?? []).join(', ') || '—',
      }),
    ],
    [t],
  );
  return (
    <div className="container page">
      <PageHeader
        eyebrow={institution.data?.name ?? t('institutions.title')}
        title={t('institutions.programs')}
        back={{ to: `/institutions/${id}`, label: t('manage.back') }}
      />
      <RelationTable<InstitutionLink>
        caption={t('institutions.programs')}
        path={`/api/institutions/${id}/programs`}
        queryKey={institutionKeys.programs(id)}
        columns={columns}
        emptyMessage={t('programs.empty')}
      />
    </div>
  );
}
