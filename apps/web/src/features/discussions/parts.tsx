import { CircleCheck, CircleHelp, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

// Small marks the list and a thread share.

/** "Question", or "Answered" once staff accepted an answer. */
export function QuestionBadge({ answered }: { answered: boolean }) {
  const { t } = useTranslation();
  return answered ? (
    <span className="badge discussion-badge discussion-badge--answered">
      <CircleCheck aria-hidden="true" size={14} />
      {t('discussions.answered')}
    </span>
  ) : (
    <span className="badge discussion-badge discussion-badge--question">
      <CircleHelp aria-hidden="true" size={14} />
      {t('discussions.question')}
    </span>
  );
}

/** Beside a name: the person is staff (a teacher, a super-teacher, an admin). */
export function StaffMark() {
  const { t } = useTranslation();
  return (
    <span className="badge discussion-staff">
      <ShieldCheck aria-hidden="true" size={14} />
      {t('discussions.staff')}
    </span>
  );
}
