import type { MenuKey } from '@skolar/shared';
import {
  Blocks,
  BookOpen,
  CalendarRange,
  ClipboardCheck,
  ClipboardList,
  ClipboardPen,
  GraduationCap,
  Layers,
  Library,
  type LucideIcon,
  Megaphone,
  Presentation,
  QrCode,
  School,
  University,
  UserCog,
  Users,
  UsersRound,
} from 'lucide-react';

/** One icon per role menu entry, used by the role bar and the dashboard shortcuts. */
export const MENU_ICONS: Record<MenuKey, LucideIcon> = {
  trainings: BookOpen,
  seminars: Presentation,
  evaluations: ClipboardCheck,
  // Not the teachers' cap: an admin's menu shows both.
  promotions: CalendarRange,
  subjects: Library,
  groups: UsersRound,
  institutions: University,
  programs: Layers,
  courses: School,
  users: UserCog,
  students: Users,
  teachers: GraduationCap,
  modules: Blocks,
  audit: ClipboardList,
  attendance: ClipboardPen,
  'check-in': QrCode,
  announcements: Megaphone,
};
