import { zodResolver } from '@hookform/resolvers/zod';
import { emailBody } from '@skolar/shared';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { AccountCard } from './account-ui.tsx';
import { requestVerification } from './api.ts';

/** `/verify-email-request?email=`: the address must be verified first; resend the link. */
export function VerifyEmailRequestPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  usePageTitle(t('account.verifyRequest.title'));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(emailBody), defaultValues: { email } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSent(null);
    try {
      setSent((await requestVerification(values.email)).message);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['email']) ? null : errorMessage(error));
    }
  });

  return (
    <AccountCard
      icon={<MailWarning size={22} />}
      title={t('account.verifyRequest.title')}
      subtitle={
        email ? t('account.verifyRequest.sentTo', { email }) : t('account.verifyRequest.subtitle')
      }
    >
      <Notice kind="info">{t('account.verifyRequest.spam')}</Notice>
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
          {t('account.verifyRequest.resend')}
        </button>
        <Link to="/login" className="auth-card__link">
          {t('account.backToLogin')}
        </Link>
      </form>
    </AccountCard>
  );
}
