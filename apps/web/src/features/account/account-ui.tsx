import { passwordChecks } from '@skolar/shared';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
export function PasswordRules({ value, id }: { value: string; id?: string }) {
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
