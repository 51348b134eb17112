import { zodResolver } from '@hookform/resolvers/zod';
import { type ModuleBody, type ModuleRow, moduleBody } from '@skolar/shared';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { TextAreaField, TextField } from '../../ui/fields.tsx';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/management.css';

/** The volume is typed as text; empty means unknown. */
const formSchema = moduleBody.extend({
  hourly_volume: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,5}$/.test(value), {
      error: 'manage.validation.number',
    }),
});
type FormValues = z.input<typeof formSchema>;
const FIELDS = ['name', 'description', 'hourly_volume'] as const;

interface ModuleFormProps {
  initial?: ModuleRow;
  submitLabel: string;
  cancelTo: string;
  onSubmit: (body: ModuleBody) => Promise<void>;
}

/** Name, hourly volume and description of a module. */
export function ModuleForm({ initial, submitLabel, cancelTo, onSubmit }: ModuleFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      hourly_volume: initial?.hourly_volume == null ? '' : String(initial.hourly_volume),
    },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({
        ...values,
        hourly_volume: values.hourly_volume ? Number(values.hourly_volume) : null,
      });
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) toastError(error);
    }
  });
  return (
    <form className="card manage-form" onSubmit={submit} noValidate>
      <div className="manage-form__grid">
        <TextField label={t('modules.fields.name')} error={errors.name} {...register('name')} />
        <TextField
          label={t('modules.fields.hourly_volume')}
          inputMode="numeric"
          error={errors.hourly_volume}
          {...register('hourly_volume')}
        />
      </div>
      <TextAreaField
        label={t('modules.fields.description')}
        rows={4}
        error={errors.description}
        {...register('description')}
      />
      <div className="manage-form__actions">
        <Link to={cancelTo} className="button button--ghost">
          {t('manage.cancel')}
        </Link>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          <Save size={16} aria-hidden="true" />
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
