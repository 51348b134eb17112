import type { PageRegistry } from './types.ts';

const myResults = () => import('../../features/my-results/index.ts');

/** The student's published results, on their own page and as a tab of a training's course page. */
export const myResultPages: PageRegistry = {
  '/results': () => myResults().then((m) => m.MyResultsPage),
  '/event-results/:id': () => import('../course-results-page.tsx').then((m) => m.CourseResultsPage),
};
