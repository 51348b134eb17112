import { zodResolver } from '@hookform/resolvers/zod';
import { firstRunBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { AccountCard, NewPasswordFields } from './account-ui.tsx';
import { checkSetupLink, createFirstSuperAdmin } from './api.ts';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'password_confirmation'] as const;

/**
 * `/setup/:token`: the first super-admin of an empty database, from the one-time link the server
 * printed in its log (decision 109). The link dies once a super-admin exists.
 */
export function FirstRunSetupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const [failure, setFailure] = useState<string | null>(null);
  usePageTitle(t('account.setup.title'));
  const validity = useQuery({
    queryKey: ['setup', token],
    queryFn: () => checkSetupLink(token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const locale = (['fr', 'en', 'de'] as const).find((l) => i18n.language.startsWith(l)) ?? 'fr';
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(firstRunBody),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      locale,
      password: '',
      password_confirmation: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message } = await createFirstSuperAdmin(token, { ...values, locale });
      await navigate(`/login?message=${encodeURIComponent(message)}`);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, [...FIELDS]) ? null : errorMessage(error));
    }
  });

  return (
    <AccountCard
      icon={<ShieldCheck size={22} />}
      title={t('account.setup.title')}
      subtitle={t('account.setup.subtitle')}
    >
      {validity.isPending && <p aria-busy="true">{t('app.loading')}</p>}
      {validity.isError && <Notice kind="error">{t('account.setup.invalid')}</Notice>}
      {validity.isSuccess && (
        <form className="form" onSubmit={submit} noValidate>
          {failure && <Notice kind="error">{failure}</Notice>}
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
          <TextField
            label={t('account.fields.email')}
            type="email"
            autoComplete="username"
            error={errors.email}
            {...register('email')}
          />
          <NewPasswordFields
            password={register('password')}
            confirmation={register('password_confirmation')}
            value={watch('password')}
            errors={{ password: errors.password, confirmation: errors.password_confirmation }}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={isSubmitting}
          >
            {t('account.setup.submit')}
          </button>
        </form>
      )}
      <Link to="/login" className="auth-card__link">
        {t('account.backToLogin')}
      </Link>
    </AccountCard>
  );
}
