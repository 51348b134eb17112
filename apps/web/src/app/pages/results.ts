import type { PageRegistry } from './types.ts';

const results = () => import('../../features/results/index.ts');

/** Grading: the grade grid of an evaluation, one result with its history, and its edit. */
export const resultPages: PageRegistry = {
  '/:id/results/add': () => results().then((m) => m.GradeGridPage),
  '/results/:resultId': () => results().then((m) => m.ResultPage),
  '/results/edit/:resultId': () => results().then((m) => m.ResultEditPage),
};
