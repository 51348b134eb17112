import { Link2, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatHours } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { useModule } from './api.ts';
import '../../ui/management.css';

/** `/modules/:moduleId` (super-admin, admin): a module and the way to its subjects. */
export function ModulePage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().moduleId);
  const query = useModule(id);
  const module = query.data;
  usePageTitle(module?.name ?? t('modules.title'));
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('modules.title')}
        title={module?.name ?? '…'}
        back={{ to: '/modules', label: t('manage.back') }}
        actions={
          module && (
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
          )
        }
      >
        {module?.archived_at && (
          <span className="badge manage-badge--archived">{t('manage.archivedBadge')}</span>
        )}
      </PageHeader>
      {query.isError && <p className="notice notice--error">{t('modules.notFound')}</p>}
      {module && (
        <section className="card manage-detail" aria-label={t('modules.details')}>
          <dl className="manage-facts">
            <div>
              <dt>{t('modules.fields.hourly_volume')}</dt>
              <dd>
                {module.hourly_volume === null
                  ? '—'
                  : formatHours(module.hourly_volume, i18n.language)}
              </dd>
            </div>
            <div>
              <dt>{t('modules.fields.nb_subjects')}</dt>
              <dd>{module.nb_subjects}</dd>
            </div>
            <div>
              <dt>{t('modules.fields.nb_trainings')}</dt>
              <dd>{module.nb_trainings}</dd>
            </div>
          </dl>
          {module.description && <p>{module.description}</p>}
        </section>
      )}
    </div>
  );
}
