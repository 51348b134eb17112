import {
  latePenalty,
  type MarkingEntry,
  type MarkingQueue,
  penalizedGrade,
  type Rubric,
} from '@skolar/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markStudent } from '../../../api/marking.ts';
import { publishResults } from '../../../api/results.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { studentLabel } from '../../../lib/people.ts';
import { Notice } from '../../../ui/notice.tsx';
import { type DraftScore, sheetTotal } from './sheet.ts';

/** The scores a sheet holds, by criterion, as the form edits them. */
function draftOf(rubric: Rubric | null, entry: MarkingEntry): Record<string, DraftScore> {
  const draft: Record<string, DraftScore> = {};
  for (const criterion of rubric?.criteria ?? []) {
    const score = entry.sheet?.scores.find((row) => row.criterion_id === criterion.id);
    draft[criterion.id] = {
      level_id: score?.level_id ?? null,
      points: score?.points ?? null,
      comment: score?.comment ?? '',
    };
  }
  return draft;
}

const parseGrade = (text: string): number | null | undefined => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

/**
 * One student's sheet beside their hand-in: a level per criterion (rubric) or points up to its
 * maximum (guide), a comment each, the grade they give, the grade written (a different one takes a
 * reason) and the comment the student reads. Saves through the grid's path (decision 193).
 */
export function SheetForm({
  queue,
  entry,
  onSaved,
  onNext,
}: {
  queue: MarkingQueue;
  entry: MarkingEntry;
  /** The screen as the save answered it, or null to load it again. */
  onSaved: (next: MarkingQueue | null) => void;
  onNext: (() => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { rubric, evaluation } = queue;
  const [scores, setScores] = useState(() => draftOf(rubric, entry));
  // Marked twice, the sheet holds the reader's own proposal (decision 197), not the grade.
  const twice = evaluation.second_marking;
  const own = entry.proposals.find((proposal) => proposal.mine);
  const startGrade = twice ? own?.grade : entry.result?.grade;
  const [gradeText, setGradeText] = useState(
    startGrade === null || startGrade === undefined ? '' : String(startGrade),
  );
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState((twice ? own?.comment : entry.result?.comment) ?? '');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const total = rubric ? sheetTotal(rubric, scores, evaluation.scale) : null;
  // A late hand-in's penalty comes off the rubric's grade, as the server takes it (decision 195).
  const late = latePenalty(
    entry.latest?.late_minutes ?? 0,
    evaluation.late_penalty,
    evaluation.scale,
  );
  const expected = total ? penalizedGrade(total.computed, late.points) : null;
  const typed = parseGrade(gradeText);
  const finalGrade = typed === undefined ? expected : typed;
  const overridden =
    !twice && total !== null && typed !== undefined && typed !== null && typed !== expected;
  const number = (value: number) => formatNumber(value, i18n.language);

  const setScore = (criterionId: string, change: Partial<DraftScore>) =>
    setScores((current) => ({
      ...current,
      [criterionId]: { ...(current[criterionId] as DraftScore), ...change },
    }));

  const save = async (thenNext: boolean) => {
    if (typed !== undefined && Number.isNaN(typed)) {
      setMessage({ kind: 'error', text: t('marking.errors.grade') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const next = await markStudent(evaluation.id, entry.student.id, {
        scores: Object.entries(scores).map(([criterion_id, score]) => ({
          criterion_id,
          level_id: rubric?.kind === 'rubric' ? score.level_id : null,
          points: rubric?.kind === 'guide' ? score.points : null,
          comment: score.comment,
        })),
        ...(typed !== undefined ? { grade: typed } : {}),
        ...(overridden ? { reason } : {}),
        comment: comment.trim() === '' ? null : comment,
        version: entry.result?.version ?? 0,
      });
      onSaved(next);
      setMessage({ kind: 'success', text: t('marking.saved') });
      if (thenNext && onNext) onNext();
    } catch (error) {
      // Someone else changed the line: the screen loads it again, the marker's values stay.
      if (error instanceof ApiError && error.status === 409) onSaved(null);
      const text =
        error instanceof ApiError && error.status === 409 && !twice
          ? t('marking.errors.conflict')
          : error instanceof ApiError && error.errors
            ? Object.values(error.errors).flat().join(' ')
            : errorMessage(error);
      setMessage({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    setBusy(true);
    try {
      await publishResults(evaluation.id, [entry.student.id]);
      setMessage({ kind: 'success', text: t('marking.published') });
      onSaved(null);
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="marking-sheet"
      aria-label={t('marking.sheetFor', {
        name: studentLabel(entry.student, queue.blind, t),
      })}
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void save(true);
        }
      }}
    >
      {rubric && entry.sheet && entry.sheet.rubric_version !== rubric.version && (
        <Notice kind="info">{t('marking.olderRubric')}</Notice>
      )}
      {rubric?.criteria.map((criterion) => {
        const score = scores[criterion.id] as DraftScore;
        return (
          <fieldset key={criterion.id} className="marking-sheet__criterion">
            <legend>
              {criterion.title}{' '}
              <span className="marking-muted">
                {t('marking.outOf', { max: number(criterion.max_points) })}
              </span>
            </legend>
            {criterion.description && (
              <p className="marking-muted marking-sheet__description">{criterion.description}</p>
            )}
            {rubric.kind === 'rubric' ? (
              <div className="marking-sheet__levels">
                {criterion.levels.map((level) => (
                  <label
                    key={level.id}
                    className={
                      score.level_id === level.id
                        ? 'marking-level marking-level--chosen'
                        : 'marking-level'
                    }
                  >
                    <input
                      type="radio"
                      name={`${id}-${criterion.id}`}
                      value={level.id}
                      checked={score.level_id === level.id}
                      onChange={() => setScore(criterion.id, { level_id: level.id })}
                    />
                    <span className="marking-level__title">{level.title}</span>
                    <span className="marking-level__points">
                      {t('marking.points', { count: level.points, points: number(level.points) })}
                    </span>
                    {level.description && (
                      <span className="marking-muted">{level.description}</span>
                    )}
                  </label>
                ))}
              </div>
            ) : (
              <div className="field">
                <label className="field__label" htmlFor={`${id}-${criterion.id}-points`}>
                  {t('marking.pointsLabel', { max: number(criterion.max_points) })}
                </label>
                <input
                  id={`${id}-${criterion.id}-points`}
                  className="field__input marking-sheet__points"
                  type="number"
                  min={0}
                  max={criterion.max_points}
                  step={0.25}
                  inputMode="decimal"
                  value={score.points ?? ''}
                  onChange={(event) =>
                    setScore(criterion.id, {
                      points: event.target.value === '' ? null : Number(event.target.value),
                    })
                  }
                />
              </div>
            )}
            <div className="field">
              <label className="field__label" htmlFor={`${id}-${criterion.id}-comment`}>
                {t('marking.criterionComment')}
              </label>
              <textarea
                id={`${id}-${criterion.id}-comment`}
                className="field__input field__area"
                rows={2}
                maxLength={2000}
                value={score.comment}
                onChange={(event) => setScore(criterion.id, { comment: event.target.value })}
              />
            </div>
          </fieldset>
        );
      })}
      {total && (
        <p className="marking-sheet__total" aria-live="polite">
          {t('marking.total', { points: number(total.points), max: number(total.max) })}{' '}
          <strong>
            {total.computed === null
              ? t('marking.incomplete')
              : t('marking.computed', {
                  grade: number(total.computed),
                  scale: number(evaluation.scale),
                })}
          </strong>
        </p>
      )}
      {total && late.points > 0 && (
        <p className="marking-sheet__total marking-sheet__penalty">
          {t('marking.penalty', { count: late.days, points: number(late.points) })}
          {expected !== null && (
            <>
              {' '}
              <strong>
                {t('marking.penalized', {
                  grade: number(expected),
                  scale: number(evaluation.scale),
                })}
              </strong>
            </>
          )}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-grade`}>
          {t(twice ? 'marking.proposalGrade' : 'marking.grade', {
            scale: number(evaluation.scale),
          })}
        </label>
        <input
          id={`${id}-grade`}
          className="field__input marking-sheet__grade"
          inputMode="decimal"
          value={gradeText}
          placeholder={expected === null ? '' : number(expected)}
          aria-describedby={`${id}-grade-hint`}
          onChange={(event) => setGradeText(event.target.value)}
        />
        <p id={`${id}-grade-hint`} className="field__hint">
          {rubric ? t('marking.gradeHintRubric') : t('marking.gradeHint')}
        </p>
      </div>
      {overridden && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-reason`}>
            {t('marking.reason')}
          </label>
          <input
            id={`${id}-reason`}
            className="field__input"
            maxLength={500}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-comment`}>
          {t(twice ? 'marking.proposalComment' : 'marking.comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          className="field__input field__area"
          rows={4}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <div className="marking-sheet__actions">
        <button type="submit" className="button button--ghost" disabled={busy}>
          {t('marking.save')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-keyshortcuts="Control+Enter"
          onClick={() => void save(true)}
        >
          {onNext ? t('marking.saveNext') : t('marking.save')}
        </button>
        {entry.state === 'marked' && (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void publish()}
          >
            {t('marking.publish')}
          </button>
        )}
      </div>
      <p className="marking-muted">
        {finalGrade === null || Number.isNaN(finalGrade)
          ? t('marking.noGradeYet')
          : t(twice ? 'marking.willPropose' : 'marking.willWrite', {
              grade: number(finalGrade),
              scale: number(evaluation.scale),
            })}
      </p>
    </form>
  );
}
