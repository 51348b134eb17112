import { useQueryClient } from '@tanstack/react-query';
import { Layers, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { useTraining } from '../../api/trainings.ts';
import { formatHours, formatPercent } from '../../lib/format.ts';
import { pagePath } from '../../lib/page-path.ts';
import { FilePicker, IMAGE_FILES, MAX_BYTES } from '../../ui/file-picker.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/cohorts.css';
import { api, fileBody, ok } from '../../api/client.ts';
import { PageError } from '../../ui/page-error.tsx';

/** `/:id/:promotionId/trainings/:trainingId`: the training, its modules and subjects. */
export function TrainingDetailPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = Number(params.trainingId);
  const { data, error } = useTraining(id);
  usePageTitle(data?.title ?? t('trainings.title'));
  if (error) return <PageError message={error.message} />;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  const program = params.id ?? '';
  const promotionId = params.promotionId ?? '';
  return (
    <div className="container page cohort-page">
      <div
        className="cohort-cover"
        style={data.cover_link ? { backgroundImage: `url(${data.cover_link})` } : undefined}
        aria-hidden="true"
      />
      <PageHeader
        eyebrow={`${data.program} · ${data.level}`}
        title={data.title}
        back={{
          to: pagePath('/:id/promotions/:promotionId', {
            id: program,
            promotionId: data.promotion_id,
          }),
          label: data.promotion_name,
        }}
        actions={
          <>
            <StatusBadge
              archived={data.archived_at !== null}
              label={t(`trainings.visibility.${data.visibility}`)}
            />
            <RoleLink
              otherwise="nothing"
              to={pagePath('/:id/:promotionId/training-subject/:trainingId', {
                id: program,
                promotionId,
                trainingId: data.id,
              })}
              className="button button--ghost"
            >
              <Layers size={16} aria-hidden="true" />
              {t('trainings.subjects')}
            </RoleLink>
            {data.can.update && (
              <RoleLink
                otherwise="nothing"
                to={pagePath('/:id/:promotionId/trainings/edit/:trainingId', {
                  id: program,
                  promotionId,
                  trainingId: data.id,
                })}
                className="button button--primary"
              >
                <Pencil size={16} aria-hidden="true" />
                {t('cohorts.edit')}
              </RoleLink>
            )}
            <RowActions
              area="cohorts"
              name={data.title}
              can={{ ...data.can, update: false }}
              archived={data.archived_at !== null}
              apiPath={`/api/trainings/${data.id}`}
              invalidate={[['training'], ['promotion']]}
            />
          </>
        }
      />
      <dl className="cohort-facts">
        <div>
          <dt>{t('cohorts.fields.totalHours')}</dt>
          <dd>{formatHours(data.total_hours, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.visibility')}</dt>
          <dd>{t(`trainings.visibility.${data.visibility}`)}</dd>
        </div>
        {data.attendance_threshold !== null && (
          <div>
            <dt>{t('trainings.threshold')}</dt>
            <dd>{formatPercent(data.attendance_threshold / 100, i18n.language)}</dd>
          </div>
        )}
        <div>
          <dt>{t('cohorts.fields.nbModules')}</dt>
          <dd>{data.nb_modules}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.nbSubjects')}</dt>
          <dd>{data.nb_subjects}</dd>
        </div>
      </dl>
      {data.description && <p className="cohort-description">{data.description}</p>}
      {data.can.update && <CoverUpload trainingId={data.id} />}
      <section className="card cohort-section">
        <h2>{t('trainings.modules')}</h2>
        {data.modules.length === 0 ? (
          <p className="cohort-empty">{t('trainings.noModule')}</p>
        ) : (
          <ul className="cohort-list">
            {data.modules.map((module) => (
              <li key={module.id}>
                <RoleLink to={`/modules/${module.id}`} className="cohort-link">
                  {module.name}
                </RoleLink>
                {module.hourly_volume !== null && (
                  <span className="cohort-muted">
                    {formatHours(module.hourly_volume, i18n.language)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Replaces the training's cover (the image of its catalogue card); optional. */
function CoverUpload({ trainingId }: { trainingId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [sending, setSending] = useState<File | null>(null);
  const upload = async (file: File) => {
    setSending(file);
    try {
      const form = new FormData();
      form.append('cover', file);
      await ok(
        api.POST('/api/trainings/{id}/cover', {
          params: { path: { id: trainingId } },
          ...fileBody(form),
        }),
      );
      toast.success(t('cohorts.saved'));
      await client.invalidateQueries({ queryKey: ['training'] });
    } catch (error) {
      toastError(error, t('cohorts.failed'));
    } finally {
      setSending(null);
    }
  };
  return (
    <div className="cohort-cover-upload">
      <FilePicker
        label={t('trainings.cover')}
        hint={t('trainings.coverHint')}
        accept={IMAGE_FILES}
        maxSize={MAX_BYTES.cover}
        file={sending}
        disabled={sending !== null}
        onFile={(file) => void upload(file)}
      />
    </div>
  );
}
