import type { MyEvaluationDetail } from '@skolar/shared';

/** On a student's evaluation page: start the exam inside its window, or resume the attempt. */
export function ExamStartPanel(_props: { evaluation: MyEvaluationDetail }) {
  return null;
}
