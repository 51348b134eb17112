import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePromotion } from '../../api/promotions.ts';
import { AssignmentPanel } from '../../ui/assignment-panel.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import '../../ui/cohorts.css';
import { formatPromotion } from '../../lib/format.ts';

function PromotionPeoplePage({ kind }: { kind: 'students' | 'teachers' }) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = Number(params.promotionId);
  const { data } = usePromotion(id);
  const title = t(kind === 'students' ? 'promotions.manageStudents' : 'promotions.manageTeachers');
  usePageTitle(title);
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data ? formatPromotion(data, i18n.language) : t('promotions.title')}
        title={title}
        back={{ to: `/${params.id}/promotions/${id}`, label: data?.name ?? t('cohorts.back') }}
      />
      <AssignmentPanel
        path={`/api/promotions/${id}/${kind}`}
        title={t(kind === 'students' ? 'students.title' : 'promotions.teachersWithAccess')}
        empty={t(kind === 'students' ? 'students.empty' : 'teachers.empty')}
        addLabel={t(kind === 'students' ? 'promotions.addStudents' : 'promotions.addTeachers')}
        invalidate={[['promotion'], [kind === 'students' ? 'student' : 'teacher']]}
      />
    </div>
  );
}

/** `/:id/promotion-student/:promotionId`. */
export const PromotionStudentsPage = () => <PromotionPeoplePage kind="students" />;

/** `/:id/promotion-teacher/:promotionId`: teachers given access to the promotion. */
export const PromotionTeachersPage = () => <PromotionPeoplePage kind="teachers" />;
