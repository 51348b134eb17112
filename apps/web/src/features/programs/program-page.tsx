import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { useProgram } from './api.ts';
import '../../ui/cohorts.css';
import '../../ui/management.css';
import { formatAcademicYear } from '../../lib/format.ts';

/**
 * `/programs/:id` (admin, super-teacher): the program and its promotions of the institution, each
 * linked to its page.
 */
export function ProgramPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const query = useProgram(id);
  const program = query.data;
  usePageTitle(program?.name ?? t('programs.title'));
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('programs.title')}
        title={program?.name ?? '…'}
        back={{ to: '/programs', label: t('manage.back') }}
      >
        {program?.archived_at && (
          <span className="badge manage-badge--archived">{t('manage.archivedBadge')}</span>
        )}
      </PageHeader>
      {query.isError && <p className="notice notice--error">{t('programs.notFound')}</p>}
      {program && (
        <>
          <section className="card manage-detail" aria-label={t('programs.details')}>
            <dl className="manage-facts">
              <div>
                <dt>{t('programs.fields.sector')}</dt>
                <dd>{program.sector}</dd>
              </div>
              <div>
                <dt>{t('programs.fields.levels')}</dt>
                <dd>{program.levels.join(', ') || '—'}</dd>
              </div>
              <div>
                <dt>{t('programs.fields.nb_promotions')}</dt>
                <dd>{program.nb_promotions}</dd>
              </div>
            </dl>
            {program.description && <p>{program.description}</p>}
          </section>
          <section className="manage-section" aria-labelledby="program-promotions">
            <h2 id="program-promotions">{t('programs.promotions')}</h2>
            <div className="data-table">
              <div className="data-table__scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('programs.promotion.name')}</th>
                      <th scope="col">{t('programs.promotion.academic_year')}</th>
                      <th scope="col">{t('programs.promotion.level')}</th>
                      <th scope="col" className="is-numeric">
                        {t('programs.promotion.nb_students')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {program.promotions.map((promotion) => (
                      <tr key={promotion.id}>
                        <td>
                          <RoleLink
                            to={`/${program.id}/promotions/${promotion.id}`}
                            className="cohort-link"
                          >
                            {promotion.name}
                          </RoleLink>{' '}
                          {promotion.archived_at && (
                            <span className="badge manage-badge--archived">
                              {t('manage.archivedBadge')}
                            </span>
                          )}
                        </td>
                        <td>{formatAcademicYear(promotion.academic_year, i18n.language)}</td>
                        <td>{promotion.level}</td>
                        <td className="is-numeric">{promotion.nb_students}</td>
                      </tr>
                    ))}
                    {program.promotions.length === 0 && (
                      <tr>
                        <td colSpan={4} className="data-table__empty">
                          {t('programs.noPromotion')}
                        </td>
                      </tr>
                    )}
                  </tbody>
                </table>
              </div>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
