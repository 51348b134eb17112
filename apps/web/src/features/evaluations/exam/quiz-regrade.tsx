import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { regradeQuiz } from '../../../api/results.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { Notice } from '../../../ui/notice.tsx';

type Regrade = Awaited<ReturnType<typeof regradeQuiz>>;
type Line = Regrade['attempts'][number];

/**
 * The regrade of a quiz whose key was fixed (decision 190), in two steps: a dry run, asked as the
 * dialog opens, lists each handed-in attempt with its score and grade before and after and the
 * grades a teacher typed that are now to review; "Apply" runs it, then says what changed.
 */
export function QuizRegrade({
  evaluationId,
  onDone,
}: {
  evaluationId: number;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<Regrade | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    regradeQuiz(evaluationId, true).then(
      (answer) => live && setPreview(answer),
      (error: unknown) => live && setFailure(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [evaluationId]);

  const number = (value: number | null) =>
    value === null ? '—' : formatNumber(value, i18n.language);
  const fromTo = (before: number | null, after: number | null) =>
    before === after
      ? number(before)
      : t('exams.regrade.fromTo', { before: number(before), after: number(after) });
  const outcome = (line: Line) => {
    if (line.grade_changed) return t('exams.regrade.changed');
    if (line.to_review) {
      return t('exams.regrade.toReview', { grade: number(line.suggestion_after) });
    }
    if (line.grade_before === null && line.suggestion_after !== line.suggestion_before) {
      return t('exams.regrade.suggestion', { grade: number(line.suggestion_after) });
    }
    return t('exams.regrade.unchanged');
  };

  const counts = preview?.counts;
  const changes = counts ? counts.rescored + counts.grades_changed : 0;
  const apply = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await regradeQuiz(evaluationId, false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['exam', 'roster', evaluationId] }),
        queryClient.invalidateQueries({ queryKey: ['exam', 'statistics', evaluationId] }),
        queryClient.invalidateQueries({ queryKey: ['evaluation', evaluationId, 'results'] }),
      ]);
      toast.success(
        `${t('exams.regrade.done', { count: answer.counts.rescored })} ${t(
          'exams.regrade.gradesUpdated',
          { count: answer.counts.grades_changed },
        )}`,
      );
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="exam-regrade">
      <p>{t('exams.regrade.intro')}</p>
      {failure && <Notice kind="error">{failure}</Notice>}
      {!preview && !failure && <p role="status">{t('exams.regrade.loading')}</p>}
      {preview && counts && (
        <>
          <p role="status">
            {counts.attempts === 0
              ? t('exams.regrade.noAttempts')
              : changes === 0
                ? t('exams.regrade.nothing')
                : [
                    t('exams.regrade.rescored', { count: counts.rescored }),
                    t('exams.regrade.gradesChanged', { count: counts.grades_changed }),
                    counts.to_review > 0 &&
                      t('exams.regrade.toReviewCount', { count: counts.to_review }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
          </p>
          {counts.open > 0 && (
            <Notice kind="info">{t('exams.regrade.open', { count: counts.open })}</Notice>
          )}
          {preview.attempts.length > 0 && (
            <div className="exam-table">
              <table>
                <caption>{t('exams.regrade.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('exams.regrade.student')}</th>
                    <th scope="col">{t('exams.regrade.score')}</th>
                    <th scope="col">{t('exams.regrade.grade')}</th>
                    <th scope="col">{t('exams.regrade.outcome')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.attempts.map((line) => (
                    <tr key={line.attempt_id}>
                      <th scope="row">
                        {line.student.first_name} {line.student.last_name}
                      </th>
                      <td>{fromTo(line.score_before, line.score_after)}</td>
                      <td>{fromTo(line.grade_before, line.grade_after)}</td>
                      <td>{outcome(line)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || changes === 0}
          onClick={() => void apply()}
        >
          {t('exams.regrade.apply')}
        </button>
      </div>
    </div>
  );
}
