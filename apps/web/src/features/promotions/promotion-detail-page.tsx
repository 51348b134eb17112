import { GraduationCap, Pencil, Plus, Presentation, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGroups } from '../../api/groups.ts';
import { fullName, usePeople } from '../../api/people.ts';
import { usePromotion } from '../../api/promotions.ts';
import { useSession } from '../../api/session.ts';
import { useTrainings } from '../../api/trainings.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import '../../ui/cohorts.css';
import { promotionYear } from '../../lib/format.ts';
import { pagePath } from '../../lib/page-path.ts';
import { PageError } from '../../ui/page-error.tsx';

const SMALL = { page: 1, per_page: 100 as const, q: '', sort: '', archived: false };

/**
 * `/:id/promotions/:promotionId`: students, teachers with access, trainings and groups; `children`
 * are more sections composed by app/ (the gradebook).
 */
export function PromotionDetailPage({ children }: { children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = Number(params.promotionId);
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const { data, error } = usePromotion(id);
  const students = usePeople('student', SMALL, id);
  const trainings = useTrainings(SMALL, id);
  const groups = useGroups(SMALL, id);
  usePageTitle(data?.name ?? t('promotions.title'));
  if (error) return <PageError message={error.message} />;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={[data.program_name, promotionYear(data, i18n.language)]
          .filter(Boolean)
          .join(' · ')}
        title={data.name}
        back={{
          to: pagePath('/:id?/promotions', { id: data.program_id }),
          label: t('promotions.title'),
        }}
        actions={
          <>
            <StatusBadge archived={data.archived_at !== null} />
            <RoleLink
              otherwise="nothing"
              to={`/seminars?promotion_id=${data.id}`}
              className="button button--ghost"
            >
              <Presentation size={16} aria-hidden="true" />
              {t('seminars.title')}
            </RoleLink>
            {data.can.update && (
              <RoleLink
                otherwise="nothing"
                to={pagePath('/:id/promotions/edit/:promotionId', {
                  id: data.program_id,
                  promotionId: data.id,
                })}
                className="button button--ghost"
              >
                <Pencil size={16} aria-hidden="true" />
                {t('cohorts.edit')}
              </RoleLink>
            )}
            <RowActions
              area="cohorts"
              name={data.name}
              can={{ ...data.can, update: false }}
              archived={data.archived_at !== null}
              apiPath={`/api/promotions/${data.id}`}
              invalidate={[['promotion']]}
            />
          </>
        }
      />
      <dl className="cohort-facts">
        <div>
          <dt>{t('cohorts.fields.level')}</dt>
          <dd>{data.level}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.nbStudents')}</dt>
          <dd>{data.nb_students}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.nbTeachers')}</dt>
          <dd>{data.nb_teachers}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.nbTrainings')}</dt>
          <dd>{data.nb_trainings}</dd>
        </div>
      </dl>
      <div className="cohort-sections">
        <section className="card cohort-section" aria-labelledby="promotion-trainings">
          <div className="cohort-section__head">
            <h2 id="promotion-trainings">{t('trainings.title')}</h2>
            <RoleLink
              otherwise="nothing"
              to={pagePath('/:id/:promotionId/trainings/add', {
                id: data.program_id,
                promotionId: data.id,
              })}
              className="button button--primary button--small"
            >
              <Plus size={16} aria-hidden="true" />
              {t('trainings.add')}
            </RoleLink>
          </div>
          {trainings.data?.data.length === 0 ? (
            <p className="cohort-empty">{t('trainings.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {trainings.data?.data.map((training) => (
                <li key={training.id}>
                  <RoleLink
                    to={pagePath('/:id/:promotionId/trainings/:trainingId', {
                      id: data.program_id,
                      promotionId: data.id,
                      trainingId: training.id,
                    })}
                    className="cohort-link"
                  >
                    {training.title}
                  </RoleLink>
                  <span className="badge">{t(`trainings.visibility.${training.visibility}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card cohort-section" aria-labelledby="promotion-students">
          <div className="cohort-section__head">
            <h2 id="promotion-students">{t('students.title')}</h2>
            <RoleLink
              otherwise="nothing"
              to={pagePath('/:id/promotion-student/:promotionId', {
                id: data.program_id,
                promotionId: data.id,
              })}
              className="button button--ghost button--small"
            >
              <UserPlus size={16} aria-hidden="true" />
              {t('promotions.manageStudents')}
            </RoleLink>
          </div>
          {students.data?.data.length === 0 ? (
            <p className="cohort-empty">{t('students.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {students.data?.data.map((student) => (
                <li key={student.id}>
                  <div className="cohort-list__text">
                    <RoleLink to={`/students/${student.id}`} className="cohort-link">
                      {fullName(student)}
                    </RoleLink>
                    <span>{student.email}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card cohort-section" aria-labelledby="promotion-groups">
          <div className="cohort-section__head">
            <h2 id="promotion-groups">{t('groups.title')}</h2>
            <RoleLink
              otherwise="nothing"
              to={`/groups/add?promotion=${data.id}`}
              className="button button--ghost button--small"
            >
              <Plus size={16} aria-hidden="true" />
              {t('groups.add')}
            </RoleLink>
          </div>
          {groups.data?.data.length === 0 ? (
            <p className="cohort-empty">{t('groups.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {groups.data?.data.map((group) => (
                <li key={group.id}>
                  <RoleLink to={`/${data.id}/groups/${group.id}`} className="cohort-link">
                    {group.name}
                  </RoleLink>
                  <span className="cohort-muted">
                    {t('groups.countStudents', { count: group.nb_students })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {isAdmin && (
          <section className="card cohort-section" aria-labelledby="promotion-teachers">
            <div className="cohort-section__head">
              <h2 id="promotion-teachers">{t('promotions.teachersWithAccess')}</h2>
              <RoleLink
                otherwise="nothing"
                to={pagePath('/:id/promotion-teacher/:promotionId', {
                  id: data.program_id,
                  promotionId: data.id,
                })}
                className="button button--ghost button--small"
              >
                <GraduationCap size={16} aria-hidden="true" />
                {t('promotions.manageTeachers')}
              </RoleLink>
            </div>
            <p className="cohort-muted">
              {t('promotions.teachersHint', { count: data.nb_teachers })}
            </p>
          </section>
        )}
      </div>
      {children}
    </div>
  );
}
