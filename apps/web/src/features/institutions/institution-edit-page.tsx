import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { StepUpGate } from '../../ui/step-up-gate.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { institutionKeys, updateInstitution, uploadLogo, useInstitution } from './api.ts';
import { InstitutionForm } from './institution-form.tsx';

/** `/institutions/edit/:id/:token`: the token comes from the password confirmation. */
export function InstitutionEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const token = params.token ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  const institution = useInstitution(id);
  usePageTitle(t('institutions.edit'));
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('institutions.title')}
        title={
          institution.data
            ? t('institutions.editNamed', { name: institution.data.name })
            : t('institutions.edit')
        }
        back={{ to: `/institutions/${id}`, label: t('manage.back') }}
      />
      {institution.isError && <p className="notice notice--error">{t('institutions.notFound')}</p>}
      {institution.data && (
        <StepUpGate token={token} base="/institutions" entity="institution" id={id}>
          <InstitutionForm
            initial={institution.data}
            submitLabel={t('manage.save')}
            cancelTo={`/institutions/${id}`}
            onSubmit={async (body, logo) => {
              await updateInstitution(id, body, token);
              if (logo) {
                try {
                  await uploadLogo(id, logo);
                } catch (error) {
                  toastError(error);
                }
              }
              await client.invalidateQueries({ queryKey: institutionKeys.all });
              toast.success(t('manage.saved'));
              await navigate(`/institutions/${id}`);
            }}
          />
        </StepUpGate>
      )}
    </div>
  );
}
