import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { createProgram, programKeys } from './api.ts';
import { ProgramForm } from './program-form.tsx';

/** `/programs/add` (super-admin). */
export function ProgramAddPage() {
  const { t } = useTranslation();
  usePageTitle(t('programs.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('programs.title')}
        title={t('programs.add')}
        back={{ to: '/programs', label: t('manage.back') }}
      />
      <ProgramForm
        submitLabel={t('manage.create')}
        cancelTo="/programs"
        onSubmit={async (body) => {
          await createProgram(body);
          await client.invalidateQueries({ queryKey: programKeys.all });
          toast.success(t('manage.created'));
          await navigate('/programs');
        }}
      />
    </div>
  );
}
