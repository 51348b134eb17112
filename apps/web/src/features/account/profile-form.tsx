import { zodResolver } from '@hookform/resolvers/zod';
import { type ProfileBody, profileBody } from '@skolar/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { refreshSessionInfo } from '../../api/session.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';
import { StepUpDialog } from '../../ui/step-up-dialog.tsx';
import { fetchProfile, saveProfile } from './api.ts';
import { PictureField } from './picture-field.tsx';

const FIELDS = ['first_name', 'last_name', 'gender', 'phone', 'date_of_birth'] as const;

/**
 * "My information": names, gender, phone and date of birth. Saving is a sensitive edit: it
 * carries a step-up token (the route's, or one asked for here with the password).
 */
export function ProfileForm({ initialToken }: { initialToken?: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ids = { gender: useId() };
  const token = useRef(initialToken);
  const pending = useRef<ProfileBody | null>(null);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const profile = useQuery({ queryKey: ['me', 'profile'], queryFn: fetchProfile });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProfileBody>({
    resolver: zodResolver(profileBody),
    values: profile.data
      ? {
          first_name: profile.data.first_name,
          last_name: profile.data.last_name,
          gender: profile.data.gender,
          phone: profile.data.phone ?? '',
          date_of_birth: profile.data.date_of_birth ?? '',
        }
      : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  async function save(values: ProfileBody) {
    if (!token.current) {
      pending.current = values;
      setAsking(true);
      return;
    }
    try {
      const answer = await saveProfile(values, token.current);
      // A step-up token serves one save: the next one asks for the password again.
      token.current = undefined;
      client.setQueryData(['me', 'profile'], answer);
      await refreshSessionInfo().catch(() => undefined);
      toast.success(t('account.profile.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        // The step-up expired (15 minutes) or was spent: ask for the password again, then retry.
        token.current = undefined;
        pending.current = values;
        setAsking(true);
        return;
      }
      setFailure(applyServerErrors(error, setError, FIELDS) ? null : errorMessage(error));
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    await save(values);
  });

  return (
    <>
      {profile.isPending && <p aria-busy="true">{t('app.loading')}</p>}
      {profile.isError && (
        <Notice kind="error">
          {profile.error instanceof ApiError ? profile.error.message : t('errors.generic')}
        </Notice>
      )}
      {failure && <Notice kind="error">{failure}</Notice>}
      {profile.data && <PictureField profile={profile.data} />}
      {profile.data && (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('account.fields.email')}
            value={profile.data.email}
            readOnly
            disabled
          />
          <div className="account-grid">
            <TextField
              label={t('account.fields.firstName')}
              autoComplete="given-name"
              error={errors.first_name}
              {...register('first_name')}
            />
            <TextField
              label={t('account.fields.lastName')}
              autoComplete="family-name"
              error={errors.last_name}
              {...register('last_name')}
            />
          </div>
          <div className="account-grid">
            <div className="field">
              <label className="field__label" htmlFor={ids.gender}>
                {t('account.profile.gender')}
              </label>
              <select
                id={ids.gender}
                className="field__select"
                {...register('gender', { setValueAs: (value) => (value ? value : null) })}
              >
                <option value="">{t('account.profile.genderNone')}</option>
                <option value="Mme">{t('account.profile.genderMme')}</option>
                <option value="Mr">{t('account.profile.genderMr')}</option>
              </select>
            </div>
            <TextField
              label={t('account.profile.dateOfBirth')}
              type="date"
              error={errors.date_of_birth}
              {...register('date_of_birth')}
            />
          </div>
          <Controller
            control={control}
            name="phone"
            render={({ field, fieldState }) => (
              <PhoneField label={t('account.fields.phone')} {...field} error={fieldState.error} />
            )}
          />
          <p className="account-section__hint">{t('account.profile.stepUpHint')}</p>
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting}>
              {t('account.profile.save')}
            </button>
          </div>
        </form>
      )}
      <StepUpDialog
        open={asking}
        onOpenChange={setAsking}
        onConfirmed={(fresh) => {
          token.current = fresh;
          setAsking(false);
          const values = pending.current;
          pending.current = null;
          if (values) void save(values);
        }}
      />
    </>
  );
}
