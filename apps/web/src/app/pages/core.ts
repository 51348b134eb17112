import type { PageRegistry } from './types.ts';

/** Sign-in and the dashboard. */
export const corePages: PageRegistry = {
  '/login': () => import('../../features/auth/login-page.tsx').then((m) => m.LoginPage),
  // The dashboard with the attendance panels, composed in app/ (features do not import each other).
  '/dashboard': () => import('../dashboard-page.tsx').then((m) => m.DashboardWithAttendancePage),
};
