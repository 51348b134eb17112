import { zodResolver } from '@hookform/resolvers/zod';
import { type Program, type ProgramBody, programBody, splitLabels } from '@skolar/shared';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { TextAreaField, TextField } from '../../ui/fields.tsx';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/management.css';

const formSchema = programBody.extend({ levels: z.string() });
type FormValues = z.input<typeof formSchema>;
const FIELDS = ['name', 'sector', 'levels', 'description'] as const;

interface ProgramFormProps {
  initial?: Program;
  submitLabel: string;
  cancelTo: string;
  onSubmit: (body: ProgramBody) => Promise<void>;
}

/** Name, sector, levels and description of a program. */
export function ProgramForm({ initial, submitLabel, cancelTo, onSubmit }: ProgramFormProps) {
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
      sector: initial?.sector ?? '',
      levels: (initial?.levels ?? []).join('\n'),
      description: initial?.description ?? '',
    },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({ ...values, levels: splitLabels(values.levels) });
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) toastError(error);
    }
  });
  return (
    <form className="card manage-form" onSubmit={submit} noValidate>
      <div className="manage-form__grid">
        <TextField label={t('programs.fields.name')} error={errors.name} {...register('name')} />
        <TextField
          label={t('programs.fields.sector')}
          error={errors.sector}
          {...register('sector')}
        />
      </div>
      <TextAreaField
        label={t('programs.fields.levels')}
        hint={t('programs.fields.levelsHint')}
        rows={3}
        error={errors.levels}
        {...register('levels')}
      />
      <TextAreaField
        label={t('programs.fields.description')}
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
