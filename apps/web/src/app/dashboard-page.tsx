import { roleMay } from '@skolar/shared';
import { useSession } from '../api/session.ts';
// The panels alone, not the areas' indexes: the dashboard's chunk stays small.
import { AnnouncementsCard } from '../features/announcements/dashboard-card.tsx';
import { AttendanceAlerts } from '../features/attendance/attendance-alerts.tsx';
import { MyAttendance } from '../features/attendance/my-attendance.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { UnreadSinceLastVisit } from '../features/notifications/since-last-visit.tsx';

/**
 * `/dashboard`: the signed-in home, with the panels of other areas composed here (a feature never
 * imports another): for the roles that read announcements (the `announcement` list grant), the
 * pinned and latest ones (none shown when there are none), first of all for a learner; for every
 * role, the unread notifications since the last visit (none shown when all are read); for the
 * staff who take attendance (the `attendance` list grant), the learners under their training's
 * threshold; for a learner (the `presence` list grant), their own rates.
 */
export function DashboardWithAttendancePage() {
  const role = useSession().user?.role;
  const announcements = role !== undefined && roleMay(role, 'list', 'announcement');
  // Who reads without posting (a learner) finds them first of all.
  const learner = announcements && !roleMay(role, 'create', 'announcement');
  return (
    <DashboardPage lead={learner && <AnnouncementsCard />}>
      {announcements && !learner && <AnnouncementsCard />}
      {role && <UnreadSinceLastVisit />}
      {role && roleMay(role, 'list', 'attendance') && <AttendanceAlerts />}
      {role && roleMay(role, 'list', 'presence') && <MyAttendance link />}
    </DashboardPage>
  );
}
