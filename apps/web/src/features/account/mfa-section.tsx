import { zodResolver } from '@hookform/resolvers/zod';
import { mfaCodeBody, mfaEnableBody } from '@skolar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fetchSettings } from '../../api/settings.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ERROR_TOAST_MS } from '../../ui/toast-error.ts';
import { disableMfa, enableMfa, setupMfa } from './api.ts';

/** Two-factor authentication in /settings: enrol with a QR code, keep the recovery codes, turn off. */
export function MfaSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ['me', 'settings'], queryFn: fetchSettings });
  const [enrolment, setEnrolment] = useState<{ secret: string; qr_svg: string } | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const setup = useMutation({
    mutationFn: setupMfa,
    onSuccess: (answer) => setEnrolment(answer),
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : t('errors.generic'), {
        duration: ERROR_TOAST_MS,
      }),
  });
  const enabled = settings.data?.mfa_enabled ?? false;
  // Enrolling also takes the code the setup mailed: the password alone does not add a factor.
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string; email_code: string }>({
    resolver: zodResolver(
      (enabled
        ? mfaCodeBody.extend({ email_code: mfaEnableBody.shape.email_code.optional() })
        : mfaEnableBody) as typeof mfaEnableBody,
    ),
    defaultValues: { code: '', email_code: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit(async ({ code, email_code }) => {
    setFailure(null);
    try {
      if (enabled) {
        await disableMfa(code);
        toast.success(t('account.mfa.disabled'));
      } else {
        const { recovery_codes } = await enableMfa(code, email_code);
        setRecovery(recovery_codes);
        setEnrolment(null);
        toast.success(t('account.mfa.enabled'));
      }
      reset();
      await client.invalidateQueries({ queryKey: ['me', 'settings'] });
    } catch (error) {
      setFailure(
        applyServerErrors(error, setError, ['code', 'email_code']) ? null : errorMessage(error),
      );
    }
  });

  return (
    <section className="card account-section" aria-labelledby="mfa-title">
      <div className="account-section__header">
        <h2 id="mfa-title">{t('account.mfa.title')}</h2>
        {settings.data && (
          <span className="badge">{enabled ? t('account.mfa.on') : t('account.mfa.off')}</span>
        )}
      </div>
      <p className="account-section__hint">{t('account.mfa.hint')}</p>
      {settings.data?.mfa_required && !enabled && (
        <Notice kind="error">{t('account.mfa.requiredNotice')}</Notice>
      )}
      {recovery && (
        <div className="mfa-recovery">
          <Notice kind="success">{t('account.mfa.recoveryHint')}</Notice>
          <ul className="mfa-recovery__codes" aria-label={t('account.mfa.recoveryTitle')}>
            {recovery.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!enabled && !enrolment && (
        <div className="form__actions form__actions--start">
          <button
            type="button"
            className="button button--primary"
            disabled={setup.isPending || !settings.data}
            onClick={() => setup.mutate()}
          >
            <ShieldCheck aria-hidden="true" size={16} />
            {t('account.mfa.start')}
          </button>
        </div>
      )}
      {!enabled && enrolment && (
        <div className="mfa-enrol">
          <img
            className="mfa-enrol__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
            alt={t('account.mfa.qrAlt')}
            width={180}
            height={180}
          />
          <div className="mfa-enrol__text">
            <p>{t('account.mfa.scan')}</p>
            <p className="account-section__hint">
              {t('account.mfa.manual')}{' '}
              <code className="mfa-enrol__secret">
                {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
              </code>
            </p>
          </div>
        </div>
      )}
      {(enabled || enrolment) && (
        <form className="form" onSubmit={onSubmit} noValidate>
          {failure && <Notice kind="error">{failure}</Notice>}
          <TextField
            label={enabled ? t('account.mfa.codeToDisable') : t('account.mfa.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={errors.code}
            {...register('code')}
          />
          {!enabled && (
            <TextField
              label={t('account.mfa.emailCode')}
              hint={t('account.mfa.emailCodeHint')}
              autoComplete="off"
              error={errors.email_code}
              {...register('email_code')}
            />
          )}
          <div className="form__actions">
            <button
              type="submit"
              className={enabled ? 'button button--ghost' : 'button button--primary'}
              disabled={isSubmitting}
            >
              {enabled ? (
                <ShieldOff aria-hidden="true" size={16} />
              ) : (
                <ShieldCheck aria-hidden="true" size={16} />
              )}
              {enabled ? t('account.mfa.disable') : t('account.mfa.enable')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
