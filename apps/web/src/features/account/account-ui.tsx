import { passwordChecks } from '@skolar/shared';
import { Check, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/fields.tsx';
import './account.css';

/** The centred card of the password and verification screens. */
export function AccountCard({
  icon,
  title,
  subtitle,
  children,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container account-layout">
      <section className="card auth-card" aria-labelledby="account-card-title">
        <div className="auth-card__header">
          <span className="auth-card__icon" aria-hidden="true">
            {icon}
          </span>
          <h1 id="account-card-title">{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </div>
        {children}
      </section>
    </div>
  );
}

/** The parts of the password rule, ticked as the user types. */
function PasswordRules({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation();
  const checks = passwordChecks(value);
  return (
    <ul className="password-rules" id={id} aria-label={t('account.passwordRules.title')}>
      {(Object.keys(checks) as (keyof typeof checks)[]).map((key) => (
        <li key={key} className={checks[key] ? 'password-rules__ok' : undefined}>
          {checks[key] ? (
            <Check aria-hidden="true" size={14} />
          ) : (
            <X aria-hidden="true" size={14} />
          )}
          {t(`account.passwordRules.${key}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The new password, the rule ticked as one types, and its confirmation: the fields every form
 * that sets a password shares (reset, first password, change, first-run setup).
 */
export function NewPasswordFields({
  password,
  confirmation,
  value,
  errors,
}: {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  value: string;
  errors: { password?: FieldError; confirmation?: FieldError };
}) {
  const { t } = useTranslation();
  const rulesId = useId();
  return (
    <>
      <TextField
        label={t('account.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...(errors.password ? {} : { 'aria-describedby': rulesId })}
        {...password}
      />
      <PasswordRules value={value} id={rulesId} />
      <TextField
        label={t('account.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmation}
        {...confirmation}
      />
    </>
  );
}
