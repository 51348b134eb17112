import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AssignmentPanel } from '../../ui/assignment-panel.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { subjectKeys, useSubject } from './api.ts';
import '../../ui/cohorts.css';

/**
 * `/lesson-subject/:subjectId`: the subject's lessons, and the lessons of the viewer's other
 * subjects to reuse in it (a lesson may belong to several subjects).
 */
export function LessonSubjectPage() {
  const { t } = useTranslation();
  const id = Number(useParams().subjectId);
  const subject = useSubject(id);
  usePageTitle(t('subjects.lessonsTitle'));
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={subject.data?.name ?? t('subjects.title')}
        title={t('subjects.lessonsTitle')}
        back={{ to: `/subjects/${id}`, label: subject.data?.name ?? t('manage.back') }}
      />
      <AssignmentPanel
        path={`/api/subjects/${id}/lessons`}
        title={t('subjects.lessons')}
        empty={t('subjects.noLesson')}
        addLabel={t('subjects.addLessons')}
        invalidate={[subjectKeys.all]}
      />
    </div>
  );
}
