export { CalendarPage } from './calendar-page.tsx';
export { StudentPlanningPage } from './planning-page.tsx';
