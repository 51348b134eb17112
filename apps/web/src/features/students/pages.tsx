import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AssignmentPanel } from '../../ui/assignment-panel.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { PeopleListPage } from './people-list-page.tsx';
import { PersonDetailPage } from './person-detail-page.tsx';
import '../../ui/cohorts.css';

export const StudentsPage = () => <PeopleListPage kind="student" />;
export const StudentDetailPage = ({ children }: { children?: ReactNode }) => (
  <PersonDetailPage kind="student">{children}</PersonDetailPage>
);
export const TeachersPage = () => <PeopleListPage kind="teacher" />;
export const TeacherDetailPage = () => <PersonDetailPage kind="teacher" />;

/** `/teacher-subject/:id`: the subjects a teacher teaches. */
export function TeacherSubjectsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  usePageTitle(t('teachers.subjects'));
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('teachers.title')}
        title={t('teachers.subjects')}
        back={{ to: `/teachers/${id}`, label: t('cohorts.back') }}
      />
      <AssignmentPanel
        path={`/api/teachers/${id}/subjects`}
        title={t('teachers.subjects')}
        empty={t('cohorts.noSubject')}
        addLabel={t('teachers.addSubjects')}
        invalidate={[['teacher']]}
      />
    </div>
  );
}

/** `/:promotionId/student-group/:id`: the groups of a student. */
export function StudentGroupsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  usePageTitle(t('students.manageGroups'));
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('students.title')}
        title={t('students.manageGroups')}
        back={{ to: `/students/${id}`, label: t('cohorts.back') }}
      />
      <AssignmentPanel
        path={`/api/students/${id}/groups`}
        title={t('groups.title')}
        empty={t('groups.empty')}
        addLabel={t('students.addGroups')}
        invalidate={[['student'], ['group']]}
      />
    </div>
  );
}
