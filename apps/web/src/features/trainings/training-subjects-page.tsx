import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useTraining } from '../../api/trainings.ts';
import { formatHours } from '../../lib/format.ts';
import { AssignmentPanel } from '../../ui/assignment-panel.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import '../../ui/cohorts.css';

/** `/:id/:promotionId/training-subject/:trainingId`: subjects through the training's modules. */
export function TrainingSubjectsPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = Number(params.trainingId);
  const { data } = useTraining(id);
  usePageTitle(t('trainings.subjects'));
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data?.title ?? t('trainings.title')}
        title={t('trainings.subjects')}
        back={{
          to: `/${params.id}/${params.promotionId}/trainings/${id}`,
          label: data?.title ?? t('cohorts.back'),
        }}
      />
      <section className="card cohort-section">
        <h2>{t('trainings.subjects')}</h2>
        {data && data.subjects.length === 0 ? (
          <p className="cohort-empty">{t('cohorts.noSubject')}</p>
        ) : (
          <ul className="cohort-list">
            {data?.subjects.map((subject) => (
              <li key={`${subject.module_id}-${subject.id}`}>
                <div className="cohort-list__text">
                  <RoleLink to={`/subjects/${subject.id}`} className="cohort-link">
                    <strong>{subject.name}</strong>
                  </RoleLink>
                  <span>{subject.module_name}</span>
                </div>
                <span className="cohort-muted">
                  {t('trainings.coefficient', { value: subject.coefficient })} ·{' '}
                  {formatHours(subject.hourly_volume, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AssignmentPanel
        path={`/api/trainings/${id}/modules`}
        title={t('trainings.modules')}
        empty={t('trainings.noModule')}
        addLabel={t('trainings.addModules')}
        invalidate={[['training']]}
      />
    </div>
  );
}
