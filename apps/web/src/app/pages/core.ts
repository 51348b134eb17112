import type { PageRegistry } from './types.ts';

/** Sign-in and the dashboard. */
export const corePages: PageRegistry = {
  '/login': () => import('../../features/auth/login-page.tsx').then((m) => m.LoginPage),
  '/dashboard': () =>
    import('../../features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
};
