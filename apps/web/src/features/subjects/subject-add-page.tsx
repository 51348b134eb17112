import type { PageHref } from '@skolar/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { api, ok } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { pagePath } from '../../lib/page-path.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { useMayOpen } from '../../ui/role-link.tsx';
import { createSubject, subjectKeys } from './api.ts';
import { SubjectForm } from './subject-form.tsx';

/** `/:moduleId?/subjects/add`: a new subject, created in the module of the path when there is one. */
export function SubjectAddPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = params.moduleId ? Number(params.moduleId) : undefined;
  const { user } = useSession();
  const mayOpen = useMayOpen();
  const navigate = useNavigate();
  const client = useQueryClient();
  const module = useQuery({
    queryKey: ['modules', moduleId],
    queryFn: () => ok(api.GET('/api/modules/{id}', { params: { path: { id: moduleId! } } })),
    enabled: moduleId !== undefined,
  });
  usePageTitle(t('subjects.add'));
  const ways: PageHref[] = [
    ...(moduleId === undefined ? [] : [pagePath('/module-subject/:moduleId', { moduleId })]),
    '/subjects',
    '/modules',
  ];
  const back = ways.find((path) => mayOpen(path)) ?? '/dashboard';
  return (
    <div className="container page">
      <PageHeader
        eyebrow={module.data ? module.data.name : t('subjects.title')}
        title={
          module.data ? t('subjects.addInModule', { name: module.data.name }) : t('subjects.add')
        }
        back={{ to: back, label: t('manage.back') }}
      />
      <SubjectForm
        chooseInstitution={user?.role === 'super-admin'}
        submitLabel={t('manage.create')}
        cancelTo={back}
        onSubmit={async (body, institutionId) => {
          const created = await createSubject({
            ...body,
            ...(moduleId === undefined ? {} : { module_id: moduleId }),
            ...(institutionId === undefined ? {} : { institution_id: institutionId }),
          });
          await Promise.all([
            client.invalidateQueries({ queryKey: subjectKeys.all }),
            client.invalidateQueries({ queryKey: ['modules'] }),
          ]);
          toast.success(t('subjects.created'));
          await navigate(`/subjects/${created.id}`);
        }}
      />
    </div>
  );
}
