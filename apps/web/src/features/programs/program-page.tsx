import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailPage } from '../../ui/detail-page.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { useProgram } from './api.ts';
import '../../ui/cohorts.css';
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
    <DetailPage
      data={program}
      eyebrow={t('programs.title')}
      title={program?.name}
      back={{ to: '/programs', label: t('manage.back') }}
      archived={Boolean(program?.archived_at)}
      error={query.isError && t('programs.notFound')}
      label={t('programs.details')}
      fields={(program) => [
        { label: t('programs.fields.sector'), value: program.sector },
        { label: t('programs.fields.levels'), value: program.levels.join(', ') || '—' },
        { label: t('programs.fields.nb_promotions'), value: program.nb_promotions },
      ]}
      extra={(program) => program.description && <p>{program.description}</p>}
    >
      {program && (
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
      )}
    </DetailPage>
  );
}
