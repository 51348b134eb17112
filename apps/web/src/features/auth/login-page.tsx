import { zodResolver } from '@hookform/resolvers/zod';
import { DEMO_PASSWORD, type LoginBody, loginBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { Info, LogIn, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fetchDemoAccounts } from '../../api/auth.ts';
import { signIn } from '../../api/session.ts';
import { ApiError } from '../../lib/http.ts';
import { TextField } from '../../ui/fields.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { destinationAfterSignIn } from './after-sign-in.ts';
import { MfaLoginStep } from './mfa-login-step.tsx';

const FIELDS = ['email', 'password'] as const;
const isField = (name: string): name is keyof LoginBody =>
  (FIELDS as readonly string[]).includes(name);

/** The sign-in screen: e-mail and password, the API's errors, and the demo accounts. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });
  usePageTitle(t('auth.login.title'));
  // Outside production the API lists the demo accounts present in its database.
  const demo = useQuery({
    queryKey: ['dev', 'demo-accounts'],
    queryFn: fetchDemoAccounts,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const demoAccounts = demo.data ?? [];

  const message = params.get('message');
  const errorMessage = params.get('error_message');

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { verifyEmail, mfaToken: challenge } = await signIn(values);
      if (challenge) {
        setMfaToken(challenge);
        return;
      }
      await navigate(
        verifyEmail
          ? `/verify-email-request?email=${encodeURIComponent(values.email)}`
          : await destinationAfterSignIn(),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(t('errors.generic'));
        return;
      }
      const fieldErrors = Object.entries(error.errors ?? {}).filter(([field]) => isField(field));
      for (const [field, messages] of fieldErrors) {
        if (isField(field)) setError(field, { type: 'server', message: messages[0] });
      }
      if (fieldErrors.length === 0) setFailure(error.message);
    }
  });

  const fillDemoAccount = (email: string) => {
    setValue('email', email);
    setValue('password', DEMO_PASSWORD);
    clearErrors();
    setFailure(null);
  };

  return (
    <div className="container auth-layout">
      <section className="card auth-card" aria-labelledby="login-title">
        <div className="auth-card__header">
          <span className="auth-card__icon" aria-hidden="true">
            <LogIn size={22} />
          </span>
          <h1 id="login-title">{t('auth.login.title')}</h1>
          <p>{t('auth.login.subtitle')}</p>
        </div>
        {message && (
          <p className="notice notice--info" role="status">
            <Info aria-hidden="true" size={18} />
            {message}
          </p>
        )}
        {errorMessage && (
          <p className="notice notice--error" role="alert">
            <TriangleAlert aria-hidden="true" size={18} />
            {errorMessage}
          </p>
        )}
        {failure && (
          <p className="notice notice--error" role="alert">
            <TriangleAlert aria-hidden="true" size={18} />
            {failure}
          </p>
        )}
        {mfaToken && (
          <MfaLoginStep
            token={mfaToken}
            onSignedIn={async () => navigate(await destinationAfterSignIn())}
            onCancel={() => setMfaToken(null)}
          />
        )}
        <form className="form" onSubmit={onSubmit} noValidate hidden={Boolean(mfaToken)}>
          <TextField
            label={t('auth.login.email')}
            type="email"
            autoComplete="username"
            error={errors.email}
            {...register('email')}
          />
          <TextField
            label={t('auth.login.password')}
            type="password"
            autoComplete="current-password"
            error={errors.password}
            {...register('password')}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={isSubmitting}
          >
            {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
          </button>
          <Link to="/forgot-password" className="auth-card__link">
            {t('auth.login.forgotPassword')}
          </Link>
        </form>
      </section>
      {demoAccounts.length > 0 && (
        <aside className="card demo-accounts" aria-labelledby="demo-title">
          <h2 id="demo-title">{t('auth.login.demoTitle')}</h2>
          <p>{t('auth.login.demoHint', { password: DEMO_PASSWORD })}</p>
          <ul>
            {demoAccounts.map((account) => (
              <li key={account.email}>
                <button
                  type="button"
                  className="demo-account"
                  onClick={() => fillDemoAccount(account.email)}
                >
                  <span className="demo-account__email">{account.email}</span>
                  <span className="badge">{t(`roles.${account.role}`)}</span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </div>
  );
}
