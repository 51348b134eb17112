import type { Evaluation } from '@skolar/shared';

/** Staff panels of an exam's page: its questions (with GIFT import) and its attempts. */
export function ExamStaffPanels(_props: { evaluation: Evaluation }) {
  return null;
}
