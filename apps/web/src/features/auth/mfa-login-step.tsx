import { zodResolver } from '@hookform/resolvers/zod';
import { mfaCodeBody } from '@skolar/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signInWithMfa } from '../../api/session.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';

/** The sign-in's second step when MFA is on: a code of the app, or a recovery code. */
export function MfaLoginStep({
  token,
  onSignedIn,
  onCancel,
}: {
  token: string;
  onSignedIn: () => unknown;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(mfaCodeBody), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await signInWithMfa(token, code);
      await onSignedIn();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['code']) ? null : errorMessage(error));
    }
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Notice kind="info">{t('account.mfa.loginHint')}</Notice>
      {failure && <Notice kind="error">{failure}</Notice>}
      <TextField
        label={t('account.mfa.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        error={errors.code}
        {...register('code')}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={isSubmitting}
      >
        {t('account.mfa.verify')}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={onCancel}>
        {t('account.mfa.back')}
      </button>
    </form>
  );
}
