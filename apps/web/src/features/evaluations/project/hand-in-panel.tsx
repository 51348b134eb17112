import type { MyEvaluationDetail } from '@skolar/shared';

/** On a student's project page: upload a version before the deadline, and every receipt. */
export function HandInPanel(_props: { evaluation: MyEvaluationDetail }) {
  return null;
}
