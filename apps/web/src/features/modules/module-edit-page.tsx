import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { moduleKeys, updateModule, useModule } from './api.ts';
import { ModuleForm } from './module-form.tsx';

/** `/modules/edit/:moduleId` (super-admin). */
export function ModuleEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().moduleId);
  const navigate = useNavigate();
  const client = useQueryClient();
  const module = useModule(id);
  usePageTitle(t('modules.edit'));
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('modules.title')}
        title={module.data ? t('modules.editNamed', { name: module.data.name }) : t('modules.edit')}
        back={{ to: `/modules/${id}`, label: t('manage.back') }}
      />
      {module.isError && <p className="notice notice--error">{t('modules.notFound')}</p>}
      {module.data && (
        <ModuleForm
          initial={module.data}
          submitLabel={t('manage.save')}
          cancelTo={`/modules/${id}`}
          onSubmit={async (body) => {
            await updateModule(id, body);
            await client.invalidateQueries({ queryKey: moduleKeys.all });
            toast.success(t('manage.saved'));
            await navigate(`/modules/${id}`);
          }}
        />
      )}
    </div>
  );
}
