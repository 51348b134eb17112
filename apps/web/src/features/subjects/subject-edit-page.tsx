import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { pagePath } from '../../lib/page-path.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { subjectKeys, updateSubject, useSubject } from './api.ts';
import { SubjectForm } from './subject-form.tsx';

/** `/subjects/edit/:subjectId`: a teacher edits the subjects they teach, the staff any of theirs. */
export function SubjectEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().subjectId);
  const navigate = useNavigate();
  const client = useQueryClient();
  const subject = useSubject(id);
  usePageTitle(t('subjects.edit'));
  const detail = pagePath('/subjects/:subjectId', { subjectId: id });
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('subjects.title')}
        title={
          subject.data ? t('subjects.editNamed', { name: subject.data.name }) : t('subjects.edit')
        }
        back={{ to: detail, label: subject.data?.name ?? t('manage.back') }}
      />
      {subject.isError && <p className="notice notice--error">{t('subjects.notFound')}</p>}
      {subject.data && !subject.data.can.update && (
        <p className="notice notice--error">{t('subjects.readOnly')}</p>
      )}
      {subject.data?.can.update && (
        <SubjectForm
          initial={subject.data}
          submitLabel={t('manage.save')}
          cancelTo={detail}
          onSubmit={async (body) => {
            await updateSubject(id, body);
            await client.invalidateQueries({ queryKey: subjectKeys.all });
            toast.success(t('manage.saved'));
            await navigate(detail);
          }}
        />
      )}
    </div>
  );
}
