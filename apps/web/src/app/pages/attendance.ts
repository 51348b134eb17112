import type { PageRegistry } from './types.ts';

const attendance = () => import('../../features/attendance/index.ts');

/** Attendance: the day's sessions, a session's roll call, and the learner's check-in. */
export const attendancePages: PageRegistry = {
  '/attendance': () => attendance().then((m) => m.AttendancePage),
  '/attendance/:sessionId': () => attendance().then((m) => m.AttendanceSheetPage),
  '/check-in': () => attendance().then((m) => m.CheckInPage),
};
