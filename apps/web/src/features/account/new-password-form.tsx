import { zodResolver } from '@hookform/resolvers/zod';
import { type NewPasswordBody, newPasswordBody } from '@skolar/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PasswordRules } from './account-ui.tsx';

/** The new password and its confirmation, with the rule ticked as one types. */
export function NewPasswordForm({
  submitLabel,
  onSubmit,
}: {
  submitLabel: string;
  onSubmit: (values: NewPasswordBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const rulesId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newPasswordBody),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(
        applyServerErrors(error, setError, ['password', 'password_confirmation'])
          ? null
          : errorMessage(error),
      );
    }
  });
  return (
    <form className="form" onSubmit={submit} noValidate>
      {failure && <Notice kind="error">{failure}</Notice>}
      <TextField
        label={t('account.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...(errors.password ? {} : { 'aria-describedby': rulesId })}
        {...register('password')}
      />
      <PasswordRules value={watch('password')} id={rulesId} />
      <TextField
        label={t('account.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation}
        {...register('password_confirmation')}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={isSubmitting}
      >
        {submitLabel}
      </button>
    </form>
  );
}
