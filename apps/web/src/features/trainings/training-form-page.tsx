import { zodResolver } from '@hookform/resolvers/zod';
import { trainingBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { usePromotion } from '../../api/promotions.ts';
import { createTraining, updateTraining, useTraining } from '../../api/trainings.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { pagePath } from '../../lib/page-path.ts';
import { SelectField, TextAreaField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/cohorts.css';
import { formatPromotion } from '../../lib/format.ts';

/**
 * The attendance threshold as the API takes it (decision 199): a number, or null when the field
 * is empty (no threshold); never the field's text.
 */
const thresholdOf = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** `/:id/:promotionId/trainings/add` and `/:id/:promotionId/trainings/edit/:trainingId`. */
export function TrainingFormPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const promotionId = Number(params.promotionId);
  const trainingId = params.trainingId ? Number(params.trainingId) : undefined;
  usePageTitle(t(trainingId ? 'trainings.edit' : 'trainings.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const promotion = usePromotion(promotionId);
  const existing = useTraining(trainingId ?? 0);
  const back = pagePath('/:id/promotions/:promotionId', { id: params.id ?? '', promotionId });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(trainingBody),
    defaultValues: {
      title: '',
      level: promotion.data?.level ?? '',
      description: '',
      total_hours: 0,
      visibility: 'private' as const,
      attendance_threshold: null,
    },
    values:
      trainingId && existing.data
        ? {
            title: existing.data.title,
            level: existing.data.level,
            description: existing.data.description,
            total_hours: existing.data.total_hours,
            visibility: existing.data.visibility,
            attendance_threshold: existing.data.attendance_threshold,
          }
        : promotion.data && !trainingId
          ? {
              title: '',
              level: promotion.data.level,
              description: '',
              total_hours: 0,
              visibility: 'private' as const,
              attendance_threshold: null,
            }
          : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = trainingId
        ? await updateTraining(trainingId, body)
        : await createTraining({ ...body, promotion_id: promotionId });
      await client.invalidateQueries({ queryKey: ['training'] });
      await client.invalidateQueries({ queryKey: ['promotion'] });
      toast.success(t('cohorts.saved'));
      navigate(`/${params.id}/${promotionId}/trainings/${saved.id}`);
    } catch (error) {
      if (
        !applyServerErrors(error, setError, [
          'title',
          'level',
          'description',
          'total_hours',
          'visibility',
          'attendance_threshold',
        ])
      ) {
        toastError(error, t('cohorts.failed'));
      }
    }
  });

  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={promotion.data ? formatPromotion(promotion.data, i18n.language) : ''}
        title={t(trainingId ? 'trainings.edit' : 'trainings.add')}
        back={{ to: back, label: promotion.data?.name ?? t('cohorts.back') }}
      />
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        <div className="cohort-form__grid">
          <TextField
            label={t('cohorts.fields.title')}
            error={errors.title}
            {...register('title')}
          />
          <TextField
            label={t('cohorts.fields.level')}
            error={errors.level}
            {...register('level')}
          />
          <TextField
            label={t('cohorts.fields.totalHours')}
            type="number"
            min={0}
            inputMode="numeric"
            error={errors.total_hours as FieldError | undefined}
            {...register('total_hours')}
          />
          <SelectField
            label={t('cohorts.fields.visibility')}
            error={errors.visibility}
            {...register('visibility')}
          >
            <option value="private">{t('trainings.visibility.private')}</option>
            <option value="public">{t('trainings.visibility.public')}</option>
          </SelectField>
          <TextField
            label={t('cohorts.fields.attendanceThreshold')}
            hint={t('trainings.thresholdHint')}
            type="number"
            min={1}
            max={100}
            step={1}
            inputMode="numeric"
            error={errors.attendance_threshold}
            {...register('attendance_threshold', { setValueAs: thresholdOf })}
          />
        </div>
        <TextAreaField
          label={t('cohorts.fields.description')}
          hint={t('trainings.descriptionHint')}
          error={errors.description}
          rows={6}
          maxLength={5000}
          {...register('description')}
        />
        <p className="cohort-muted">{t('trainings.visibilityHint')}</p>
        <div className="cohort-form__actions">
          <Link to={back} className="button button--ghost">
            {t('cohorts.cancel')}
          </Link>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('cohorts.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
