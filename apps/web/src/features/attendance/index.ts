// Attendance (issue 32): the staff's day of sessions and a session's roll call, and the
// learner's check-in.
export { AttendancePage } from './attendance-page.tsx';
export { CheckInPage } from './check-in-page.tsx';
export { AttendanceSheetPage } from './sheet-page.tsx';
