import { roleMay } from '@skolar/shared';
import { useSession } from '../api/session.ts';
// The two panels alone, not the attendance area's index: the dashboard's chunk stays small.
import { AttendanceAlerts } from '../features/attendance/attendance-alerts.tsx';
import { MyAttendance } from '../features/attendance/my-attendance.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';

/**
 * `/dashboard`: the signed-in home, with the attendance panels composed here (a feature never
 * imports another): for the staff who take attendance (the `attendance` list grant), the learners
 * under their training's threshold; for a learner (the `presence` list grant), their own rates.
 */
export function DashboardWithAttendancePage() {
  const role = useSession().user?.role;
  return (
    <DashboardPage>
      {role && roleMay(role, 'list', 'attendance') && <AttendanceAlerts />}
      {role && roleMay(role, 'list', 'presence') && <MyAttendance link />}
    </DashboardPage>
  );
}
