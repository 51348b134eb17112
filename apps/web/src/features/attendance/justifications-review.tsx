import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Justification,
  type JustificationDecisionBody,
  justificationDecisionBody,
} from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { decideJustification, useJustifications } from '../../api/attendance.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { DialogFormActions } from '../../ui/dialog-actions.tsx';
import { TextAreaField } from '../../ui/fields.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toastError } from '../../ui/toast-error.ts';
import {
  JustificationDocument,
  JustificationFacts,
  JustificationReason,
  JustificationStatusBadge,
  justificationDays,
} from './justification-parts.tsx';
import './attendance.css';
import './justifications.css';

// Attendance (issue 32): on /attendance, the admins and super-teachers (the `justification`
// update grant, checked by the page) review the learners' justifications of absences: accepted,
// the absences of those days become excused; refused, they stay as they are.

type Filter = 'pending' | 'all';
const FILTERS: readonly Filter[] = ['pending', 'all'];
type Decision = JustificationDecisionBody['status'];

const nameOf = ({ student }: Justification) => `${student.first_name} ${student.last_name}`;

/** The institution's justifications, the pending ones first (only those at first). */
export function JustificationsReview() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [filter, setFilter] = useState<Filter>('pending');
  const { data, error, isLoading } = useJustifications(
    filter === 'pending' ? 'pending' : undefined,
  );
  return (
    <section className="justifications justifications--review" aria-labelledby={titleId}>
      <div className="justifications__head">
        <h2 id={titleId}>{t('attendance.justifications.review')}</h2>
        <fieldset className="attendance-halves">
          <legend className="sr-only">{t('attendance.justifications.show')}</legend>
          {FILTERS.map((value) => (
            <label key={value} className="attendance-halves__option">
              <input
                type="radio"
                name="justification-filter"
                value={value}
                checked={filter === value}
                onChange={() => setFilter(value)}
              />
              <span className="attendance-halves__label">
                {t(`attendance.justifications.filter.${value}`)}
              </span>
            </label>
          ))}
        </fieldset>
      </div>
      {error ? (
        <Notice kind="error">{errorMessage(error)}</Notice>
      ) : isLoading || !data ? (
        <div aria-busy="true">
          <Skeleton height="5rem" shape="block" />
        </div>
      ) : data.data.length === 0 ? (
        <p className="attendance-empty">
          {t(
            filter === 'pending'
              ? 'attendance.justifications.emptyPending'
              : 'attendance.justifications.empty',
          )}
        </p>
      ) : (
        <ul className="justification-list" aria-labelledby={titleId}>
          {data.data.map((justification) => (
            <li key={justification.id} className="card justification">
              <div className="justification__head">
                <h3>{nameOf(justification)}</h3>
                <JustificationStatusBadge status={justification.status} />
              </div>
              <p className="justification__days">
                {justificationDays(justification, i18n.language)}
              </p>
              <JustificationReason reason={justification.reason} />
              <JustificationDocument file={justification.file} />
              {/* Accepted, the facts below say the half-days it excused instead. */}
              {justification.status !== 'accepted' && (
                <p className="justification__facts">
                  {t('attendance.justifications.absences', { count: justification.absences })}
                </p>
              )}
              <JustificationFacts justification={justification} />
              {justification.status === 'pending' && justification.can.decide && (
                <div className="justification__actions">
                  {(['accepted', 'refused'] as const).map((status) => (
                    <DecisionButton key={status} justification={justification} status={status} />
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Accept or Refuse: a dialog that says what follows and takes an optional note. */
function DecisionButton({
  justification,
  status,
}: {
  justification: Justification;
  status: Decision;
}) {
  const { t } = useTranslation();
  const accept = status === 'accepted';
  const title = t(
    accept ? 'attendance.justifications.acceptFor' : 'attendance.justifications.refuseFor',
    { name: nameOf(justification) },
  );
  return (
    <FormDialog
      title={title}
      trigger={
        <button
          type="button"
          className={
            accept ? 'button button--primary button--small' : 'button button--ghost button--small'
          }
          aria-label={title}
        >
          {accept ? <Check size={16} aria-hidden="true" /> : <X size={16} aria-hidden="true" />}
          {t(accept ? 'attendance.justifications.accept' : 'attendance.justifications.refuse')}
        </button>
      }
    >
      {(close) => <DecisionForm justification={justification} status={status} close={close} />}
    </FormDialog>
  );
}

/** What the decision does to the learner's absences of those days. */
function decisionHelp(
  t: (key: string, options?: Record<string, unknown>) => string,
  { absences }: Justification,
  status: Decision,
): string {
  if (status === 'refused') return t('attendance.justifications.refuseHelp');
  if (absences === 0) return t('attendance.justifications.acceptHelpNone');
  return t('attendance.justifications.acceptHelp', { count: absences });
}

/** The note (optional) and the decision sent; the list refreshes and a toast confirms. */
function DecisionForm({
  justification,
  status,
  close,
}: {
  justification: Justification;
  status: Decision;
  close: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(justificationDecisionBody),
    defaultValues: { status, note: '' },
  });
  // The roll calls of those days change too: every attendance query is refreshed.
  const refresh = () => client.invalidateQueries({ queryKey: ['attendance'] });
  const onSubmit = handleSubmit(async (body) => {
    const name = nameOf(justification);
    try {
      await decideJustification(justification.id, body);
      toast.success(
        t(
          status === 'accepted'
            ? 'attendance.justifications.accepted'
            : 'attendance.justifications.refused',
          { name },
        ),
      );
      close();
      await refresh();
    } catch (failure) {
      // Decided meanwhile (another admin): said as such, and the list shows the decision.
      if (failure instanceof ApiError && failure.status === 409) {
        toastError(null, t('attendance.justifications.alreadyDecided'));
        close();
        await refresh();
        return;
      }
      if (!applyServerErrors(failure, setError, ['note']))
        toastError(failure, t('attendance.justifications.decideFailed'));
    }
  });
  return (
    <form className="form attendance-form" onSubmit={onSubmit} noValidate>
      <p className="attendance-facts">{decisionHelp(t, justification, status)}</p>
      <TextAreaField
        label={t('attendance.justifications.decisionNote')}
        hint={t('attendance.justifications.decisionNoteHint')}
        rows={3}
        maxLength={500}
        error={errors.note}
        {...register('note')}
      />
      <DialogFormActions
        pending={isSubmitting}
        submitLabel={t(
          status === 'accepted'
            ? 'attendance.justifications.accept'
            : 'attendance.justifications.refuse',
        )}
      />
    </form>
  );
}
