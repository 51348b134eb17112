import { zodResolver } from '@hookform/resolvers/zod';
import { promotionBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { savePromotion, useProgramOptions, usePromotion } from '../../api/promotions.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/cohorts.css';
import { promotionPath } from './promotion-path.ts';

/** `/:id/promotions/add` and `/:id/promotions/edit/:promotionId`. */
export function PromotionFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const programId = Number(params.id);
  const promotionId = params.promotionId ? Number(params.promotionId) : undefined;
  usePageTitle(t(promotionId ? 'promotions.edit' : 'promotions.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const programs = useProgramOptions();
  const existing = usePromotion(promotionId ?? 0);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(promotionBody),
    defaultValues: { program_id: programId, name: '', academic_year: defaultYear(), level: '' },
    values:
      promotionId && existing.data
        ? {
            program_id: existing.data.program_id,
            name: existing.data.name,
            academic_year: existing.data.academic_year,
            level: existing.data.level,
          }
        : undefined,
  });
  const chosen = programs.data?.find((p) => p.id === Number(watch('program_id')));

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await savePromotion(body, promotionId);
      await client.invalidateQueries({ queryKey: ['promotion'] });
      toast.success(t('cohorts.saved'));
      navigate(promotionPath(saved));
    } catch (error) {
      if (!applyServerErrors(error, setError, ['program_id', 'name', 'academic_year', 'level'])) {
        toastError(error, t('cohorts.failed'));
      }
    }
  });

  // The selects need their options before react-hook-form sets their values.
  if (!programs.data || (promotionId && !existing.data)) {
    return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  }

  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('promotions.title')}
        title={t(promotionId ? 'promotions.edit' : 'promotions.add')}
        back={{ to: `/${programId}/promotions`, label: t('promotions.title') }}
      />
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        <div className="cohort-form__grid">
          <SelectField
            label={t('cohorts.fields.program')}
            error={errors.program_id}
            {...register('program_id', { valueAsNumber: true })}
          >
            {programs.data?.map((program) => (
              <option key={program.id} value={program.id}>
                {program.name}
              </option>
            ))}
          </SelectField>
          <TextField label={t('cohorts.fields.name')} error={errors.name} {...register('name')} />
          <TextField
            label={t('cohorts.fields.academicYear')}
            placeholder="2026-2027"
            error={errors.academic_year}
            {...register('academic_year')}
          />
          {chosen && chosen.levels.length > 0 ? (
            <SelectField
              label={t('cohorts.fields.level')}
              error={errors.level}
              {...register('level')}
            >
              <option value="">—</option>
              {chosen.levels.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField
              label={t('cohorts.fields.level')}
              error={errors.level}
              {...register('level')}
            />
          )}
        </div>
        <div className="cohort-form__actions">
          <Link to={`/${programId}/promotions`} className="button button--ghost">
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

/** The academic year that starts this calendar year (September onwards) or the current one. */
function defaultYear(): string {
  const now = new Date();
  const start = now.getMonth() >= 7 ? now.getFullYear() : now.getFullYear() - 1;
  return `${start}-${start + 1}`;
}
