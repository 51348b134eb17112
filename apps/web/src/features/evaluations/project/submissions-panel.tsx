import type { Evaluation } from '@skolar/shared';

/** Staff panel of a project's page: who handed in what and when, and the zip of the latest. */
export function SubmissionsPanel(_props: { evaluation: Evaluation }) {
  return null;
}
