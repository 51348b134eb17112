import type { MarkingEntry, MarkingQueue } from '@skolar/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agreeGrade } from '../../../api/marking.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { Notice } from '../../../ui/notice.tsx';

/** The two proposals' mean, to two places: where an agreement usually starts. */
const meanOf = (grades: number[]) =>
  Math.round((grades.reduce((sum, grade) => sum + grade, 0) / grades.length) * 100) / 100;

/**
 * At a project marked twice (decision 197): each marker's proposal (the other's hidden until
 * both are in), then, once both are, the grade the markers agree on and the comment the student
 * reads, written as the grade.
 */
export function Agreement({
  queue,
  entry,
  onSaved,
}: {
  queue: MarkingQueue;
  entry: MarkingEntry;
  onSaved: (next: MarkingQueue) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const number = (value: number) => formatNumber(value, i18n.language);
  const grades = entry.proposals.flatMap((proposal) =>
    proposal.grade === null ? [] : [proposal.grade],
  );
  const open = entry.state === 'ready_for_agreement' || entry.state === 'marked';
  const [gradeText, setGradeText] = useState(
    entry.result?.grade != null
      ? String(entry.result.grade)
      : grades.length === 2
        ? String(meanOf(grades))
        : '',
  );
  const [comment, setComment] = useState(
    entry.result?.comment ?? entry.proposals.find((proposal) => proposal.comment)?.comment ?? '',
  );
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const scale = number(queue.evaluation.scale);

  const submit = async () => {
    const grade = Number(gradeText.trim().replace(',', '.'));
    if (gradeText.trim() === '' || !Number.isFinite(grade)) {
      setMessage({ kind: 'error', text: t('marking.errors.grade') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const next = await agreeGrade(queue.evaluation.id, entry.student.id, {
        grade,
        comment: comment.trim() === '' ? null : comment,
        version: entry.result?.version ?? 0,
      });
      onSaved(next);
      setMessage({ kind: 'success', text: t('marking.agreement.saved') });
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="marking-agreement" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('marking.agreement.title')}</h3>
      {entry.proposals.length === 0 ? (
        <p className="marking-muted">{t('marking.agreement.none')}</p>
      ) : (
        <ul className="marking-agreement__list">
          {entry.proposals.map((proposal) => (
            <li key={proposal.round}>
              <strong>
                {t(proposal.round === 1 ? 'marking.agreement.first' : 'marking.agreement.second', {
                  name: proposal.mine ? t('marking.agreement.you') : (proposal.marker_name ?? ''),
                })}
              </strong>{' '}
              {proposal.hidden
                ? t('marking.agreement.hidden')
                : proposal.grade === null
                  ? t('marking.agreement.noGrade')
                  : `${number(proposal.grade)} / ${scale}`}
              {!proposal.hidden && proposal.comment && (
                <span className="marking-muted"> — {proposal.comment}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={`${id}-grade`}>
              {t('marking.agreement.grade', { scale })}
            </label>
            <input
              id={`${id}-grade`}
              className="field__input marking-sheet__grade"
              inputMode="decimal"
              value={gradeText}
              onChange={(event) => setGradeText(event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-comment`}>
              {t('marking.comment')}
            </label>
            <textarea
              id={`${id}-comment`}
              className="field__input field__area"
              rows={3}
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </div>
          {message && <Notice kind={message.kind}>{message.text}</Notice>}
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('marking.agreement.save')}
          </button>
        </form>
      )}
    </section>
  );
}
