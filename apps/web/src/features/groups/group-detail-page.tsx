import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGroup } from '../../api/groups.ts';
import { useSession } from '../../api/session.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import '../../ui/cohorts.css';
import { formatPromotion } from '../../lib/format.ts';
import { PageError } from '../../ui/page-error.tsx';

/** `/:promotionId/groups/:groupId`: the group's students and subjects. */
export function GroupDetailPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = Number(params.groupId);
  const { user } = useSession();
  const { data, error } = useGroup(id);
  usePageTitle(data?.name ?? t('groups.title'));
  if (error) return <PageError message={error.message} />;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  const manage = user?.role === 'admin' || user?.role === 'super-teacher';
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={formatPromotion(
          { name: data.promotion_name, academic_year: data.academic_year },
          i18n.language,
        )}
        title={data.name}
        back={[
          { to: `/${data.program_id}/promotions/${data.promotion_id}`, label: data.promotion_name },
          { to: '/groups', label: t('groups.title') },
        ]}
        actions={
          <>
            <StatusBadge archived={data.archived_at !== null} />
            {manage && (
              <RoleLink
                otherwise="nothing"
                to={`/${data.promotion_id}/group-student/${data.id}`}
                className="button button--primary"
              >
                <UserPlus size={16} aria-hidden="true" />
                {t('groups.manage')}
              </RoleLink>
            )}
            <RowActions
              area="cohorts"
              name={data.name}
              can={{ ...data.can, update: false }}
              archived={data.archived_at !== null}
              apiPath={`/api/groups/${data.id}`}
              invalidate={[['group']]}
            />
          </>
        }
      />
      <div className="cohort-sections">
        <section className="card cohort-section">
          <h2>{t('students.title')}</h2>
          {data.students.length === 0 ? (
            <p className="cohort-empty">{t('students.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {data.students.map((student) => (
                <li key={student.id}>
                  <div className="cohort-list__text">
                    <RoleLink to={`/students/${student.id}`} className="cohort-link">
                      {student.first_name} {student.last_name}
                    </RoleLink>
                    <span>{student.email}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card cohort-section">
          <h2>{t('groups.subjects')}</h2>
          {data.subjects.length === 0 ? (
            <p className="cohort-empty">{t('cohorts.noSubject')}</p>
          ) : (
            <ul className="cohort-list">
              {data.subjects.map((subject) => (
                <li key={subject.id}>
                  {/* Linked only when the viewer may open it: a teacher, the subjects they teach. */}
                  {subject.readable ? (
                    <RoleLink to={`/subjects/${subject.id}`} className="cohort-link">
                      {subject.name}
                    </RoleLink>
                  ) : (
                    subject.name
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
