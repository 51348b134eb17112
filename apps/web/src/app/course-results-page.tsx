import { CourseFrame } from '../features/learning/index.ts';
import { ResultsList } from '../features/my-results/index.ts';

/**
 * `/event-results/:id`: the results tab of a training's course page — the learning feature's
 * frame (title, progress, tabs) around the my-results feature's list for that training, so the
 * list is written once for `/results` and for this tab (decision 65).
 */
export function CourseResultsPage() {
  return <CourseFrame tab="results">{(id) => <ResultsList trainingId={id} />}</CourseFrame>;
}
