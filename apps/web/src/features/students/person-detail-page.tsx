import { BookOpen, Pencil, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fullName, type PersonKind, peoplePath, usePerson } from '../../api/people.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { EmailText } from '../../ui/email-text.tsx';
import { EndSessionsButton } from '../../ui/end-sessions-button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { PhoneLink } from '../../ui/phone-link.tsx';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { useStepUpEdit } from '../../ui/step-up-edit.tsx';
import '../../ui/cohorts.css';
import { promotionYear } from '../../lib/format.ts';
import { PageError } from '../../ui/page-error.tsx';
import { base, ns } from './people-paths.ts';

/**
 * `/students/:id` and `/teachers/:id`: the person, their promotions and groups or subjects.
 * `children`: what the app composes below (a student's transcript, from another feature).
 */
export function PersonDetailPage({ kind, children }: { kind: PersonKind; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const n = ns(kind);
  const id = Number(useParams().id);
  const { data, error } = usePerson(kind, id);
  usePageTitle(data ? fullName(data) : t(`${n}.title`));
  const [stepUpDialog, editWithStepUp] = useStepUpEdit(base(kind), kind);
  if (error) return <PageError message={error.message} />;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t(`roles.${data.role}`)}
        title={fullName(data)}
        // A super-teacher may open a student but not the students' list: back to the promotions.
        back={[
          { to: base(kind), label: t(`${n}.title`) },
          { to: '/promotions', label: t('promotions.title') },
        ]}
        media={<Avatar person={data} size={64} />}
        actions={
          <>
            {kind === 'teacher' && (
              <RoleLink
                otherwise="nothing"
                to={`/teacher-subject/${data.id}`}
                className="button button--ghost"
              >
                <BookOpen size={16} aria-hidden="true" />
                {t('teachers.subjects')}
              </RoleLink>
            )}
            {data.can.update && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => editWithStepUp(data.id)}
              >
                <Pencil size={16} aria-hidden="true" />
                {t('cohorts.edit')}
              </button>
            )}
            {data.can.archive && data.archived_at === null && (
              <EndSessionsButton
                apiPath={`${peoplePath(kind)}/${data.id}`}
                target={{ entity: kind, id: data.id }}
                name={fullName(data)}
              />
            )}
            <RowActions
              area="cohorts"
              name={fullName(data)}
              can={{ ...data.can, update: false }}
              archived={data.archived_at !== null}
              apiPath={`${peoplePath(kind)}/${data.id}`}
              invalidate={[[kind]]}
            />
          </>
        }
      />
      <dl className="cohort-facts">
        <div>
          <dt>{t('cohorts.fields.email')}</dt>
          <dd>
            <EmailText email={data.email} />
          </dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.phone')}</dt>
          <dd>
            <PhoneLink value={data.phone} />
          </dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.gender')}</dt>
          <dd>{data.gender ? t(`cohorts.gender.${data.gender}`) : '—'}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.status')}</dt>
          <dd>
            {data.archived_at
              ? t('cohorts.archivedBadge')
              : data.email_verified_at
                ? t('cohorts.active')
                : t('cohorts.invited')}
          </dd>
        </div>
      </dl>
      <div className="cohort-sections">
        <section className="card cohort-section">
          <h2>{t('cohorts.fields.promotions')}</h2>
          {data.promotions.length === 0 ? (
            <p className="cohort-empty">{t('promotions.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {data.promotions.map((promotion) => (
                <li key={promotion.id}>
                  <RoleLink
                    to={`/${promotion.program_id}/promotions/${promotion.id}`}
                    className="cohort-link"
                  >
                    {promotion.name}
                  </RoleLink>
                  <span className="cohort-muted">
                    {[promotionYear(promotion, i18n.language), promotion.level]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {kind === 'student' ? (
          <section className="card cohort-section">
            <div className="cohort-section__head">
              <h2>{t('groups.title')}</h2>
              {data.promotions[0] && (
                <RoleLink
                  otherwise="nothing"
                  to={`/${data.promotions[0].id}/student-group/${data.id}`}
                  className="button button--ghost button--small"
                >
                  <UsersRound size={16} aria-hidden="true" />
                  {t('students.manageGroups')}
                </RoleLink>
              )}
            </div>
            {data.groups.length === 0 ? (
              <p className="cohort-empty">{t('groups.empty')}</p>
            ) : (
              <ul className="cohort-list">
                {data.groups.map((group) => (
                  <li key={group.id}>
                    <RoleLink
                      to={`/${group.promotion_id}/groups/${group.id}`}
                      className="cohort-link"
                    >
                      {group.name}
                    </RoleLink>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : (
          <section className="card cohort-section">
            <h2>{t('teachers.subjects')}</h2>
            {data.subjects.length === 0 ? (
              <p className="cohort-empty">{t('cohorts.noSubject')}</p>
            ) : (
              <ul className="cohort-list">
                {data.subjects.map((subject) => (
                  <li key={subject.id}>
                    <RoleLink to={`/subjects/${subject.id}`} className="cohort-link">
                      {subject.name}
                    </RoleLink>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
      {children}
      {stepUpDialog}
    </div>
  );
}
