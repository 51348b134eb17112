import type { MarkingSheet } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { useAnnotations, useMyFeedback } from '../../../api/marking.ts';
import { formatNumber } from '../../../lib/format.ts';
import { AnnotatedFile } from './annotated-file.tsx';
import './marking.css';

/** A filled rubric or guide, read only: each criterion, what was chosen or given, the comments. */
function FilledSheet({ sheet, scale }: { sheet: MarkingSheet; scale: number }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="filled-sheet">
      <h3>{sheet.title}</h3>
      <table className="filled-sheet__table">
        <caption className="sr-only">{t('marking.feedback.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('marking.feedback.criterion')}</th>
            <th scope="col">{t('marking.feedback.assessment')}</th>
            <th scope="col">{t('marking.feedback.points')}</th>
          </tr>
        </thead>
        <tbody>
          {sheet.criteria.map((criterion) => {
            const score = sheet.scores.find((row) => row.criterion_id === criterion.id);
            const level = criterion.levels.find((row) => row.id === score?.level_id);
            return (
              <tr key={criterion.id}>
                <th scope="row">{criterion.title}</th>
                <td>
                  {level && <span className="filled-sheet__level">{level.title}</span>}
                  {level?.description && <span>{level.description} </span>}
                  {score?.comment && <span>{score.comment}</span>}
                </td>
                <td>
                  {score?.points === null || score?.points === undefined
                    ? '—'
                    : t('marking.feedback.outOf', {
                        points: number(score.points),
                        max: number(criterion.max_points),
                      })}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('marking.feedback.total')}
            </th>
            <td>
              {t('marking.feedback.outOf', {
                points: number(sheet.points),
                max: number(sheet.max_points),
              })}
            </td>
          </tr>
        </tfoot>
      </table>
      {sheet.computed !== null && (
        <p className="marking-muted">
          {t('marking.feedback.rubricGrade', {
            grade: number(sheet.computed),
            scale: number(scale),
          })}
        </p>
      )}
      {sheet.penalty > 0 && (
        <p className="marking-muted">
          {t('marking.penalty', { count: sheet.late_days, points: number(sheet.penalty) })}
        </p>
      )}
    </div>
  );
}

interface HandInFile {
  id: number;
  version: number;
  file_link: string;
  mime: string;
  file_name: string;
}

/**
 * What a student reads of their marking once the grade is published: the filled rubric, and their
 * latest PDF hand-in with the marker's annotations (nothing shows when there are none).
 */
export function MyFeedback({
  evaluationId,
  submissions,
}: {
  evaluationId: number;
  submissions: readonly HandInFile[];
}) {
  const { t } = useTranslation();
  const feedback = useMyFeedback(evaluationId, true);
  const latestPdf = [...submissions]
    .sort((a, b) => b.version - a.version)
    .find((row) => row.mime === 'application/pdf');
  // The hand-in is shown again only when the marker wrote on it.
  const annotations = useAnnotations(latestPdf?.id ?? 0, latestPdf !== undefined);
  const annotated = (annotations.data?.data.length ?? 0) > 0;
  return (
    <>
      {feedback.data?.sheet && (
        <FilledSheet sheet={feedback.data.sheet} scale={feedback.data.scale} />
      )}
      {latestPdf && annotated && (
        <div className="my-feedback__file">
          <h3>{t('marking.feedback.annotated', { version: latestPdf.version })}</h3>
          <AnnotatedFile file={latestPdf} editable={false} />
        </div>
      )}
    </>
  );
}
