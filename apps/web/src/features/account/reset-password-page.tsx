import { useQuery } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { AccountCard } from './account-ui.tsx';
import { checkResetToken, resetPassword } from './api.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/** `/reset-password/:token`: a new password from the mailed link (60 minutes, single use). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  usePageTitle(t('account.reset.title'));
  const validity = useQuery({
    queryKey: ['account', 'reset-token', token],
    queryFn: () => checkResetToken(token),
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <AccountCard
      icon={<LockKeyhole size={22} />}
      title={t('account.reset.title')}
      subtitle={t('account.reset.subtitle')}
    >
      {validity.isPending && <p aria-busy="true">{t('app.loading')}</p>}
      {validity.data?.valid === false && (
        <>
          <Notice kind="error">{t('account.reset.invalid')}</Notice>
          <Link to="/forgot-password" className="button button--primary button--block">
            {t('account.reset.askAgain')}
          </Link>
        </>
      )}
      {(validity.data?.valid || validity.isError) && (
        <NewPasswordForm
          submitLabel={t('account.reset.submit')}
          onSubmit={async (values) => {
            const { message } = await resetPassword(token, values);
            await navigate(`/login?message=${encodeURIComponent(message)}`);
          }}
        />
      )}
      <Link to="/login" className="auth-card__link">
        {t('account.backToLogin')}
      </Link>
    </AccountCard>
  );
}
