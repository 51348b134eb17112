import { useTranslation } from 'react-i18next';
import { formatDelay } from '../../../lib/format.ts';

/** "Late by 2 h 5 min" beside a version handed in after the student's deadline (decision 195). */
export function LateBadge({ minutes }: { minutes: number }) {
  const { t, i18n } = useTranslation();
  if (minutes <= 0) return null;
  return (
    <span className="hand-in__late">
      {t('marking.late', { delay: formatDelay(minutes, i18n.language) })}
    </span>
  );
}
