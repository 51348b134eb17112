import { useTranslation } from 'react-i18next';

/** A status badge: archived, or the row's visibility. */
export function StatusBadge({ archived, label }: { archived: boolean; label?: string }) {
  const { t } = useTranslation();
  if (archived) return <span className="badge badge--muted">{t('cohorts.archivedBadge')}</span>;
  return label ? <span className="badge">{label}</span> : null;
}
