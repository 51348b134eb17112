import { zodResolver } from '@hookform/resolvers/zod';
import {
  INSTITUTION_KINDS,
  type Institution,
  type InstitutionBody,
  institutionBody,
  splitLabels,
} from '@skolar/shared';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { SelectField, TextAreaField, TextField } from '../../ui/fields.tsx';
import { FilePicker, IMAGE_FILES, MAX_BYTES } from '../../ui/file-picker.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/management.css';

/** The form keeps the levels as text, one per line (or comma-separated). */
const formSchema = institutionBody.extend({ levels: z.string() });
type FormValues = z.input<typeof formSchema>;
const FIELDS = [
  'name',
  'diminutive',
  'kind',
  'color_code',
  'url',
  'address',
  'email',
  'phone',
  'levels',
] as const;

interface InstitutionFormProps {
  initial?: Institution;
  submitLabel: string;
  cancelTo: string;
  /** Saves the fields, then the logo when one was chosen. */
  onSubmit: (body: InstitutionBody, logo: File | null) => Promise<void>;
}

/** Name, short name, kind, colour (#RRGGBB), logo, site, contact details and levels. */
export function InstitutionForm({
  initial,
  submitLabel,
  cancelTo,
  onSubmit,
}: InstitutionFormProps) {
  const { t } = useTranslation();
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(initial?.logo_link ?? null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: initial?.name ?? '',
      diminutive: initial?.diminutive ?? '',
      kind: initial?.kind ?? 'school',
      color_code: initial?.color_code ?? '#144E5E',
      url: initial?.url ?? 'https://',
      address: initial?.address ?? '',
      email: initial?.email ?? '',
      phone: initial?.phone ?? '',
      levels: (initial?.levels ?? []).join('\n'),
      mfa_required_for_staff: initial?.mfa_required_for_staff ?? false,
    },
  });

  useEffect(() => {
    if (!logo) {
      setPreview(initial?.logo_link ?? null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo, initial?.logo_link]);

  const colour = watch('color_code');
  const validColour = /^#[0-9A-Fa-f]{6}$/.test(colour ?? '') ? colour : '#144E5E';

  const submit = handleSubmit(async (values) => {
    const body = { ...values, levels: splitLabels(values.levels) } as unknown as InstitutionBody;
    try {
      await onSubmit(body, logo);
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) toastError(error);
    }
  });

  return (
    <form className="card manage-form" onSubmit={submit} noValidate>
      <div className="manage-form__grid">
        <TextField
          label={t('institutions.fields.name')}
          error={errors.name}
          {...register('name')}
        />
        <TextField
          label={t('institutions.fields.diminutive')}
          error={errors.diminutive}
          {...register('diminutive')}
        />
        <SelectField
          label={t('institutions.fields.kind')}
          error={errors.kind}
          {...register('kind')}
        >
          {INSTITUTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`institutions.kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <div className="manage-colour">
          <input
            type="color"
            aria-label={t('institutions.fields.colourPicker')}
            value={validColour.toLowerCase()}
            onChange={(event) =>
              setValue('color_code', event.target.value.toUpperCase(), { shouldValidate: true })
            }
          />
          <TextField
            label={t('institutions.fields.color_code')}
            placeholder="#RRGGBB"
            error={errors.color_code}
            {...register('color_code')}
          />
        </div>
        <TextField
          label={t('institutions.fields.url')}
          type="url"
          error={errors.url}
          {...register('url')}
        />
        <TextField
          label={t('institutions.fields.email')}
          type="email"
          error={errors.email}
          {...register('email')}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneField
              label={t('institutions.fields.phone')}
              {...field}
              error={fieldState.error}
            />
          )}
        />
        <TextField
          label={t('institutions.fields.address')}
          error={errors.address}
          {...register('address')}
        />
      </div>
      <TextAreaField
        label={t('institutions.fields.levels')}
        hint={t('institutions.fields.levelsHint')}
        error={errors.levels}
        rows={3}
        {...register('levels')}
      />
      <label className="check-field">
        <input type="checkbox" {...register('mfa_required_for_staff')} />
        <span>
          {t('institutions.fields.mfaRequired')}
          <small>{t('institutions.fields.mfaRequiredHint')}</small>
        </span>
      </label>
      <div className="manage-logo-field">
        {preview && <img src={preview} alt={t('institutions.fields.logoPreview')} />}
        <FilePicker
          label={t('institutions.fields.logo')}
          accept={IMAGE_FILES}
          maxSize={MAX_BYTES.logo}
          file={logo}
          onFile={setLogo}
          onRemove={() => setLogo(null)}
        />
      </div>
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
