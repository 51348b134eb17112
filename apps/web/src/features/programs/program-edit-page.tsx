import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { StepUpGate } from '../../ui/step-up-gate.tsx';
import { programKeys, updateProgram, useProgram } from './api.ts';
import { ProgramForm } from './program-form.tsx';

/** `/programs/edit/:id/:token` (super-admin, after the password confirmation). */
export function ProgramEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const token = params.token ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  const program = useProgram(id);
  usePageTitle(t('programs.edit'));
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('programs.title')}
        title={
          program.data ? t('programs.editNamed', { name: program.data.name }) : t('programs.edit')
        }
        back={{ to: '/programs', label: t('manage.back') }}
      />
      {program.isError && <p className="notice notice--error">{t('programs.notFound')}</p>}
      {program.data && (
        <StepUpGate token={token} base="/programs" entity="program" id={id}>
          <ProgramForm
            initial={program.data}
            submitLabel={t('manage.save')}
            cancelTo="/programs"
            onSubmit={async (body) => {
              await updateProgram(id, body, token);
              await client.invalidateQueries({ queryKey: programKeys.all });
              toast.success(t('manage.saved'));
              await navigate('/programs');
            }}
          />
        </StepUpGate>
      )}
    </div>
  );
}
