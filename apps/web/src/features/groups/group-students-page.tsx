import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGroup } from '../../api/groups.ts';
import { AssignmentPanel } from '../../ui/assignment-panel.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import '../../ui/cohorts.css';

/** `/:promotionId/group-student/:groupId`: students (of the promotion) and subjects of a group. */
export function GroupStudentsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.groupId);
  const { data } = useGroup(id);
  usePageTitle(t('groups.manage'));
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data ? `${data.name} · ${data.promotion_name}` : t('groups.title')}
        title={t('groups.manage')}
        back={{ to: `/${params.promotionId}/groups/${id}`, label: data?.name ?? t('cohorts.back') }}
      />
      <AssignmentPanel
        path={`/api/groups/${id}/students`}
        title={t('students.title')}
        empty={t('students.empty')}
        addLabel={t('groups.addStudents')}
        invalidate={[['group'], ['student']]}
      />
      <AssignmentPanel
        path={`/api/groups/${id}/subjects`}
        title={t('groups.subjects')}
        empty={t('cohorts.noSubject')}
        addLabel={t('groups.addSubjects')}
        invalidate={[['group']]}
      />
    </div>
  );
}
