// Attendance (issue 32): the staff's day of sessions and a session's roll call, a learner's
// attendance over a period (on their page, composed by the app), a promotion's (on its page), the
// rates under a threshold and the learner's own (on the dashboards), and the learner's check-in.
export { AttendanceAlerts } from './attendance-alerts.tsx';
export { AttendancePage } from './attendance-page.tsx';
export { CheckInPage } from './check-in-page.tsx';
export { LearnerAttendance } from './learner-attendance.tsx';
export { MyAttendance } from './my-attendance.tsx';
export { PromotionAttendance } from './promotion-attendance.tsx';
export { AttendanceSheetPage } from './sheet-page.tsx';
