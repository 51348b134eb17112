// Attendance (issue 32): the staff's day of sessions and a session's roll call, a learner's
// attendance over a period (on their page, composed by the app), and the learner's check-in.
export { AttendancePage } from './attendance-page.tsx';
export { CheckInPage } from './check-in-page.tsx';
export { LearnerAttendance } from './learner-attendance.tsx';
export { AttendanceSheetPage } from './sheet-page.tsx';
