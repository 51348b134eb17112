import { zodResolver } from '@hookform/resolvers/zod';
import { type SubjectBody, type SubjectDetail, subjectBody } from '@skolar/shared';
import { Save } from 'lucide-react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { SelectField, TextAreaField, TextField } from '../../ui/fields.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { useInstitutionChoices } from './api.ts';
import { useCoefficient } from './paths.ts';
import '../../ui/management.css';

/** The form's values: numbers are typed as text and converted before the shared schema checks them. */
interface SubjectFormValues {
  name: string;
  description: string;
  coefficient: string;
  hourly_volume: string;
  institution_id: string;
}

const FIELDS = ['name', 'description', 'coefficient', 'hourly_volume', 'institution_id'] as const;

/** A typed number, with a decimal comma as people write it in French and German; NaN when empty. */
function typedNumber(text: string): number {
  const value = text.trim().replace(',', '.');
  return value === '' ? Number.NaN : Number(value);
}

/** The API's body from the form's text. */
function toSubjectBody(values: SubjectFormValues): SubjectBody {
  return {
    name: values.name,
    description: values.description,
    coefficient: typedNumber(values.coefficient),
    hourly_volume: typedNumber(values.hourly_volume),
  };
}

const schemaResolver = zodResolver(subjectBody);

/**
 * Validates the converted body with the API's own schema (`subjectBody`), so the form refuses what
 * the API would refuse, with the same messages; the super-admin must also pick an institution.
 */
const resolverFor =
  (needsInstitution: boolean): Resolver<SubjectFormValues> =>
  async (values, context, options) => {
    const result = await schemaResolver(toSubjectBody(values), context, options as never);
    const errors: Record<string, { type: string; message: string }> = {
      ...(result.errors as Record<string, { type: string; message: string }>),
    };
    if (needsInstitution && !values.institution_id) {
      errors.institution_id = {
        type: 'required',
        message: 'subjects.validation.institutionRequired',
      };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as never }
      : { values, errors: {} };
  };

interface SubjectFormProps {
  initial?: SubjectDetail;
  /** The super-admin, who belongs to no institution, picks the new subject's. */
  chooseInstitution?: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit: (body: SubjectBody, institutionId: number | undefined) => Promise<void>;
}

/** Name, coefficient, hourly volume and description of a subject (and its institution). */
export function SubjectForm({
  initial,
  chooseInstitution = false,
  submitLabel,
  cancelTo,
  onSubmit,
}: SubjectFormProps) {
  const { t } = useTranslation();
  const institutions = useInstitutionChoices(chooseInstitution);
  const coefficient = useCoefficient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SubjectFormValues>({
    resolver: resolverFor(chooseInstitution),
    defaultValues: {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      coefficient: coefficient(initial?.coefficient ?? 1),
      hourly_volume: String(initial?.hourly_volume ?? 0),
      institution_id: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(
        toSubjectBody(values),
        values.institution_id ? Number(values.institution_id) : undefined,
      );
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) toastError(error);
    }
  });
  return (
    <form className="card manage-form" onSubmit={submit} noValidate>
      {chooseInstitution && (
        <SelectField
          label={t('subjects.fields.institution')}
          error={errors.institution_id}
          {...register('institution_id')}
        >
          <option value="">{t('subjects.chooseInstitution')}</option>
          {(institutions.data?.data ?? []).map((institution) => (
            <option key={institution.id} value={String(institution.id)}>
              {institution.name}
            </option>
          ))}
        </SelectField>
      )}
      <TextField label={t('subjects.fields.name')} error={errors.name} {...register('name')} />
      <div className="manage-form__grid">
        <TextField
          label={t('subjects.fields.coefficient')}
          hint={t('subjects.hints.coefficient')}
          inputMode="decimal"
          error={errors.coefficient}
          {...register('coefficient')}
        />
        <TextField
          label={t('subjects.fields.hourly_volume')}
          hint={t('subjects.hints.hourly_volume')}
          inputMode="numeric"
          error={errors.hourly_volume}
          {...register('hourly_volume')}
        />
      </div>
      <TextAreaField
        label={t('subjects.fields.description')}
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
