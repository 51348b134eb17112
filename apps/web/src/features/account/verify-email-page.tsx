import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/http.ts';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { AccountCard } from './account-ui.tsx';
import { activateAccount, verifyEmail } from './api.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/**
 * `/verify-email/:token?email=`: follows the mailed link. An invited person without a password
 * chooses one here (that also verifies the address); otherwise the address is verified at once.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  usePageTitle(t('account.verify.title'));
  // One request per link (the query is cached), since a verification uses the link up.
  const verification = useQuery({
    queryKey: ['account', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const resend = `/verify-email-request?email=${encodeURIComponent(email)}`;

  return (
    <AccountCard
      icon={<MailCheck size={22} />}
      title={
        verification.data?.password_required
          ? t('account.verify.activateTitle')
          : t('account.verify.title')
      }
      subtitle={email || undefined}
    >
      {verification.isPending && <p aria-busy="true">{t('app.loading')}</p>}
      {verification.isError && (
        <>
          <Notice kind="error">
            {verification.error instanceof ApiError
              ? verification.error.message
              : t('errors.generic')}
          </Notice>
          <Link to={resend} className="button button--primary button--block">
            {t('account.verify.resend')}
          </Link>
        </>
      )}
      {verification.data?.password_required && (
        <>
          <Notice kind="info">{verification.data.message}</Notice>
          <NewPasswordForm
            submitLabel={t('account.verify.activate')}
            onSubmit={async (values) => {
              const { message } = await activateAccount(token, values);
              await navigate(`/login?message=${encodeURIComponent(message)}`);
            }}
          />
        </>
      )}
      {verification.data && !verification.data.password_required && (
        <>
          <Notice kind="success">{verification.data.message}</Notice>
          <Link to="/login" className="button button--primary button--block">
            {t('account.verify.signIn')}
          </Link>
        </>
      )}
    </AccountCard>
  );
}
