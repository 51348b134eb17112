import type { PageRegistry } from './types.ts';

const calendar = () => import('../../features/calendar/index.ts');

/** The calendar (every signed-in role; no link for students) and the student's planning. */
export const calendarPages: PageRegistry = {
  '/calendar': () => calendar().then((m) => m.CalendarPage),
  '/student-planning': () => calendar().then((m) => m.StudentPlanningPage),
};
