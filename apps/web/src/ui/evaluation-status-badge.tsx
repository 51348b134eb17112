import type { EvaluationStatus } from '@skolar/shared';
import {
  CalendarClock,
  CircleAlert,
  CircleCheck,
  CircleX,
  Clock,
  Hourglass,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import './evaluation-status-badge.css';

const ICONS: Record<EvaluationStatus, LucideIcon> = {
  soon: Clock,
  today: CalendarClock,
  important: CircleAlert,
  awaiting: Hourglass,
  completed: CircleCheck,
  failed: CircleX,
};

/**
 * A student's status at an evaluation, computed by the server: a word and an icon, so it never
 * rests on colour alone.
 */
export function EvaluationStatusBadge({ status }: { status: EvaluationStatus }) {
  const { t } = useTranslation();
  const Icon = ICONS[status];
  return (
    <span className={`badge evaluation-status evaluation-status--${status}`}>
      <Icon size={14} aria-hidden="true" />
      {t(`evaluations.status.${status}`)}
    </span>
  );
}
