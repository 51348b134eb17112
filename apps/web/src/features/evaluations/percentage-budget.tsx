import { useTranslation } from 'react-i18next';

/**
 * The "x / 100 % used" indicator of the form: what the subject's other evaluations in the chosen
 * training already use plus the percentage being typed; above 100 it turns into the error the
 * server would answer. Announced politely to screen readers as it changes.
 */
export function PercentageBudget({ used, typed }: { used: number; typed: unknown }) {
  const { t, i18n } = useTranslation();
  const value = typeof typed === 'number' && Number.isFinite(typed) ? typed : 0;
  const total = Math.round((used + value) * 100) / 100;
  const over = total > 100;
  const shown = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(total);
  return (
    <p
      className={over ? 'evaluation-budget evaluation-budget--over' : 'evaluation-budget'}
      role="status"
      aria-live="polite"
    >
      <meter
        min={0}
        max={100}
        low={99.99}
        high={100}
        optimum={50}
        value={Math.min(total, 100)}
        aria-hidden="true"
      />
      <span>{t(over ? 'evaluations.budgetOver' : 'evaluations.budget', { used: shown })}</span>
    </p>
  );
}
