import { ROUTES, type RouteAccess } from '@skolar/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout, Splash } from './chrome/app-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { guard } from './guard.ts';

type PageLoader = () => Promise<ComponentType>;

const homePage: PageLoader = () =>
  import('../features/catalogue/home-page.tsx').then((module) => module.HomePage);

/** The screens built so far, by route path; every other route shows the coming-soon page. */
const PAGES: Readonly<Record<string, PageLoader>> = {
  '/': homePage,
  // The spec: the terms route shows the home page.
  '/condition-utilisateur': homePage,
  '/login': () => import('../features/auth/login-page.tsx').then((module) => module.LoginPage),
  '/dashboard': () =>
    import('../features/dashboard/dashboard-page.tsx').then((module) => module.DashboardPage),
};

const comingSoonPage: PageLoader = () =>
  import('./coming-soon-page.tsx').then((module) => module.ComingSoonPage);

function toRouteObject(route: RouteAccess): RouteObject {
  const page = PAGES[route.path] ?? comingSoonPage;
  return {
    path: route.path,
    loader: guard(route),
    lazy: async () => ({ Component: await page() }),
    ErrorBoundary: ErrorPage,
  };
}

/** Every route of the spec's table (packages/shared ROUTES), guarded, inside the chrome. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: Splash,
    ErrorBoundary: ErrorPage,
    children: [
      ...ROUTES.map(toRouteObject),
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('./not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
