import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { createModule, moduleKeys } from './api.ts';
import { ModuleForm } from './module-form.tsx';

/** `/modules/add` (super-admin). */
export function ModuleAddPage() {
  const { t } = useTranslation();
  usePageTitle(t('modules.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('modules.title')}
        title={t('modules.add')}
        back={{ to: '/modules', label: t('manage.back') }}
      />
      <ModuleForm
        submitLabel={t('manage.create')}
        cancelTo="/modules"
        onSubmit={async (body) => {
          const created = await createModule(body);
          await client.invalidateQueries({ queryKey: moduleKeys.all });
          toast.success(t('manage.created'));
          await navigate(`/modules/${created.id}`);
        }}
      />
    </div>
  );
}
