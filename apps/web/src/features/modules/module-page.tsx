import { Link2, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatHours } from '../../lib/format.ts';
import { DetailPage } from '../../ui/detail-page.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { useModule } from './api.ts';

/** `/modules/:moduleId` (super-admin, admin): a module and the way to its subjects. */
export function ModulePage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().moduleId);
  const query = useModule(id);
  const module = query.data;
  usePageTitle(module?.name ?? t('modules.title'));
  return (
    <DetailPage
      data={module}
      eyebrow={t('modules.title')}
      title={module?.name}
      back={{ to: '/modules', label: t('manage.back') }}
      archived={Boolean(module?.archived_at)}
      error={query.isError && t('modules.notFound')}
      label={t('modules.details')}
      actions={(module) => (
        <>
          <RoleLink
            otherwise="nothing"
            to={`/module-subject/${id}`}
            className="button button--ghost button--small"
          >
            <Link2 size={16} aria-hidden="true" />
            {t('modules.subjects')}
          </RoleLink>
          {module.can.update && (
            <RoleLink
              otherwise="nothing"
              to={`/modules/edit/${id}`}
              className="button button--primary button--small"
            >
              <Pencil size={16} aria-hidden="true" />
              {t('manage.edit')}
            </RoleLink>
          )}
        </>
      )}
      fields={(module) => [
        {
          label: t('modules.fields.hourly_volume'),
          value:
            module.hourly_volume === null ? '—' : formatHours(module.hourly_volume, i18n.language),
        },
        { label: t('modules.fields.nb_subjects'), value: module.nb_subjects },
        { label: t('modules.fields.nb_trainings'), value: module.nb_trainings },
      ]}
      extra={(module) => module.description && <p>{module.description}</p>}
    />
  );
}
