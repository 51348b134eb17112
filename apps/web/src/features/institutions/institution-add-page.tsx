import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import { createInstitution, institutionKeys, uploadLogo } from './api.ts';
import { InstitutionForm } from './institution-form.tsx';

/** `/institutions/add` (super-admin). */
export function InstitutionAddPage() {
  const { t } = useTranslation();
  usePageTitle(t('institutions.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('institutions.title')}
        title={t('institutions.add')}
        back={{ to: '/institutions', label: t('manage.back') }}
      />
      <InstitutionForm
        submitLabel={t('manage.create')}
        cancelTo="/institutions"
        onSubmit={async (body, logo) => {
          const created = await createInstitution(body);
          if (logo) {
            try {
              await uploadLogo(created.id, logo);
            } catch (error) {
              toastError(error);
            }
          }
          await client.invalidateQueries({ queryKey: institutionKeys.all });
          toast.success(t('manage.created'));
          await navigate(`/institutions/${created.id}`);
        }}
      />
    </div>
  );
}
