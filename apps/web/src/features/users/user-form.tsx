import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES, type UserBody, type UserRow, userBody } from '@skolar/shared';
import { Save } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { useInstitutionChoices } from './api.ts';
import '../../ui/management.css';

/** The form's values: selects hold strings, converted to the API's body before validation. */
interface FormValues {
  first_name: string;
  last_name: string;
  email: string;
  role: UserBody['role'];
  institution_id: string;
  gender: string;
  phone: string;
  locale: 'fr' | 'en' | 'de';
}

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'role',
  'institution_id',
  'gender',
  'phone',
  'locale',
] as const;

function toBody(values: FormValues): UserBody {
  return {
    ...values,
    institution_id:
      values.role === 'super-admin' || !values.institution_id
        ? null
        : Number(values.institution_id),
    gender: values.gender === 'Mr' || values.gender === 'Mme' ? values.gender : null,
  };
}

const schemaResolver = zodResolver(userBody);
/** Validates the converted body with the shared schema (institution rule included). */
const resolver: Resolver<FormValues> = async (values, context, options) => {
  const result = await schemaResolver(toBody(values), context, options as never);
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors as never }
    : { values, errors: {} };
};

interface UserFormProps {
  initial?: UserRow;
  submitLabel: string;
  cancelTo: string;
  onSubmit: (body: UserBody) => Promise<void>;
}

/** Name, e-mail, role, institution (none for the super-admin), gender, phone and language. */
export function UserForm({ initial, submitLabel, cancelTo, onSubmit }: UserFormProps) {
  const { t } = useTranslation();
  const institutions = useInstitutionChoices();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver,
    defaultValues: {
      first_name: initial?.first_name ?? '',
      last_name: initial?.last_name ?? '',
      email: initial?.email ?? '',
      role: initial?.role ?? 'admin',
      institution_id: initial?.institution_id ? String(initial.institution_id) : '',
      gender: initial?.gender ?? '',
      phone: initial?.phone ?? '',
      locale: initial?.locale ?? 'fr',
    },
  });
  const role = watch('role');
  const noInstitution = role === 'super-admin';
  useEffect(() => {
    if (noInstitution) setValue('institution_id', '');
  }, [noInstitution, setValue]);

  const options = (institutions.data?.data ?? []).map((institution) => ({
    value: String(institution.id),
    label: institution.name,
  }));
  // Keep the current institution selectable even when it is archived (not in the active list).
  if (initial?.institution_id && !options.some((o) => o.value === String(initial.institution_id))) {
    options.push({ value: String(initial.institution_id), label: initial.institution ?? '' });
  }

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(toBody(values));
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) toastError(error);
    }
  });

  return (
    <form className="card manage-form" onSubmit={submit} noValidate>
      <div className="manage-form__grid">
        <TextField
          label={t('users.fields.first_name')}
          autoComplete="off"
          error={errors.first_name}
          {...register('first_name')}
        />
        <TextField
          label={t('users.fields.last_name')}
          autoComplete="off"
          error={errors.last_name}
          {...register('last_name')}
        />
        <TextField
          label={t('users.fields.email')}
          type="email"
          autoComplete="off"
          error={errors.email}
          {...register('email')}
        />
        <SelectField label={t('users.fields.role')} error={errors.role} {...register('role')}>
          {[...ROLES].reverse().map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('users.fields.institution')}
          error={errors.institution_id}
          disabled={noInstitution}
          {...register('institution_id')}
        >
          <option value="">
            {noInstitution ? t('users.noInstitution') : t('users.chooseInstitution')}
          </option>
          {!noInstitution &&
            options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
        </SelectField>
        <SelectField label={t('users.fields.gender')} error={errors.gender} {...register('gender')}>
          <option value="">—</option>
          <option value="Mme">{t('users.genders.Mme')}</option>
          <option value="Mr">{t('users.genders.Mr')}</option>
        </SelectField>
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneField label={t('users.fields.phone')} {...field} error={fieldState.error} />
          )}
        />
        <SelectField label={t('users.fields.locale')} error={errors.locale} {...register('locale')}>
          {(['fr', 'en', 'de'] as const).map((value) => (
            <option key={value} value={value}>
              {t(`locales.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {!initial && <p className="field__hint">{t('users.invitationHint')}</p>}
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
