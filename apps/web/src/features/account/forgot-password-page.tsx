import { zodResolver } from '@hookform/resolvers/zod';
import { emailBody } from '@skolar/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { AccountCard } from './account-ui.tsx';
import { forgotPassword } from './api.ts';

/** `/forgot-password?email=`: asks for a reset link; the answer never says whether the address exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  usePageTitle(t('account.forgot.title'));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(emailBody),
    defaultValues: { email: params.get('email') ?? '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    setSent(null);
    try {
      setSent((await forgotPassword(email)).message);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['email']) ? null : errorMessage(error));
    }
  });

  return (
    <AccountCard
      icon={<KeyRound size={22} />}
      title={t('account.forgot.title')}
      subtitle={t('account.forgot.subtitle')}
    >
      {sent && <Notice kind="success">{sent}</Notice>}
      {failure && <Notice kind="error">{failure}</Notice>}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('account.fields.email')}
          type="email"
          autoComplete="email"
          error={errors.email}
          {...register('email')}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isSubmitting}
        >
          {sent ? t('account.forgot.resend') : t('account.forgot.submit')}
        </button>
        <Link to="/login" className="auth-card__link">
          {t('account.backToLogin')}
        </Link>
      </form>
    </AccountCard>
  );
}
