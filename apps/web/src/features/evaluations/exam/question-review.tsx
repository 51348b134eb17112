import type { AttemptReview, QuestionKind } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';

/** Each question's number in the attempt's order: a description is text between them, unnumbered. */
export function questionNumbers(
  questions: ReadonlyArray<{ id: number; kind: QuestionKind }>,
): Map<number, number> {
  const numbers = new Map<number, number>();
  for (const question of questions) {
    if (question.kind !== 'description') numbers.set(question.id, numbers.size + 1);
  }
  return numbers;
}

/**
 * What a released attempt says of one question: the points it earned (or that a teacher has not
 * graded it yet), the feedback of the answer given and the question's general feedback.
 */
export function QuestionReview({ review, points }: { review: AttemptReview; points: number }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="exam-review">
      <p>
        <strong>
          {review.points_awarded === null
            ? t('exams.review.ungraded')
            : t('exams.review.points', {
                awarded: formatNumber(review.points_awarded, i18n.language),
                count: points,
              })}
        </strong>
      </p>
      {review.feedback.length > 0 && (
        <ul aria-label={t('exams.review.feedback')}>
          {review.feedback.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {review.general && (
        <p>
          <span className="exam-question__points">{t('exams.review.general')}</span>{' '}
          {review.general}
        </p>
      )}
    </div>
  );
}
