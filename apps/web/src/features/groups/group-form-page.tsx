import { zodResolver } from '@hookform/resolvers/zod';
import { groupBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { createGroup } from '../../api/groups.ts';
import { usePromotionOptions } from '../../api/promotions.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/cohorts.css';
import { formatPromotion } from '../../lib/format.ts';

/** `/groups/add`: a group in one of the institution's promotions. */
export function GroupFormPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('groups.add'));
  const [search] = useSearchParams();
  const preset = Number(search.get('promotion')) || undefined;
  const navigate = useNavigate();
  const client = useQueryClient();
  const promotions = usePromotionOptions();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(groupBody),
    defaultValues: { promotion_id: preset ?? 0, name: '' },
    values:
      !preset && promotions.data?.[0]
        ? { promotion_id: promotions.data[0].id, name: '' }
        : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await createGroup(body);
      await client.invalidateQueries({ queryKey: ['group'] });
      await client.invalidateQueries({ queryKey: ['promotion'] });
      toast.success(t('cohorts.saved'));
      navigate(`/${saved.promotion_id}/group-student/${saved.id}`);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['promotion_id', 'name'])) {
        toastError(error, t('cohorts.failed'));
      }
    }
  });
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('groups.title')} title={t('groups.add')} />
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        <div className="cohort-form__grid">
          <SelectField
            label={t('cohorts.fields.promotion')}
            error={errors.promotion_id}
            {...register('promotion_id', { valueAsNumber: true })}
          >
            {promotions.data?.map((promotion) => (
              <option key={promotion.id} value={promotion.id}>
                {formatPromotion(promotion, i18n.language)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('cohorts.fields.name')} error={errors.name} {...register('name')} />
        </div>
        <div className="cohort-form__actions">
          <button type="button" className="button button--ghost" onClick={() => navigate(-1)}>
            {t('cohorts.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('cohorts.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
