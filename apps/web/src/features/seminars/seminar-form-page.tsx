import { zodResolver } from '@hookform/resolvers/zod';
import { seminarBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { usePromotion } from '../../api/promotions.ts';
import { createSeminar, updateSeminar, useSeminar } from '../../api/seminars.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { pagePath } from '../../lib/page-path.ts';
import { SelectField, TextAreaField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import { seminarPath } from './paths.ts';
import '../../ui/cohorts.css';

const EMPTY = { title: '', description: '', visibility: 'private' as const };

/** `/:id/:promotionId/seminars/add` and `/edit/:seminarId`. */
export function SeminarFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const seminarId = params.seminarId ? Number(params.seminarId) : undefined;
  const promotionId = Number(params.promotionId) || 0;
  usePageTitle(t(seminarId ? 'seminars.edit' : 'seminars.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const existing = useSeminar(seminarId ?? 0);
  const promotion = usePromotion(seminarId ? 0 : promotionId);
  const back = existing.data
    ? seminarPath(existing.data)
    : promotionId
      ? pagePath('/:id/promotions/:promotionId', { id: params.id ?? '', promotionId })
      : '/seminars';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(seminarBody),
    defaultValues: EMPTY,
    values: existing.data
      ? {
          title: existing.data.title,
          description: existing.data.description,
          visibility: existing.data.visibility,
        }
      : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = seminarId
        ? await updateSeminar(seminarId, body)
        : await createSeminar({ ...body, promotion_id: promotionId });
      await client.invalidateQueries({ queryKey: ['seminar'] });
      toast.success(t('cohorts.saved'));
      navigate(seminarPath(saved));
    } catch (error) {
      if (!applyServerErrors(error, setError, ['title', 'description', 'visibility'])) {
        toastError(error, t('cohorts.failed'));
      }
    }
  });

  const eyebrow = existing.data?.promotion_name ?? promotion.data?.name ?? '';
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={eyebrow}
        title={t(seminarId ? 'seminars.edit' : 'seminars.add')}
        back={{ to: back, label: t('cohorts.back') }}
      />
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        <div className="cohort-form__grid">
          <TextField
            label={t('cohorts.fields.title')}
            error={errors.title}
            {...register('title')}
          />
          <SelectField
            label={t('cohorts.fields.visibility')}
            error={errors.visibility}
            {...register('visibility')}
          >
            <option value="private">{t('trainings.visibility.private')}</option>
            <option value="public">{t('trainings.visibility.public')}</option>
          </SelectField>
        </div>
        <TextAreaField
          label={t('cohorts.fields.description')}
          error={errors.description}
          {...register('description')}
        />
        <p className="cohort-muted">{t('seminars.visibilityHint')}</p>
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
