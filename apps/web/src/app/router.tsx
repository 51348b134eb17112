import { APP_ROUTES, type PagePath, type RouteAccess } from '@skolar/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadSignedInTexts } from '../i18n/index.ts';
import { AppLayout, Splash } from './chrome/app-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { guard } from './guard.ts';
import { accountPages } from './pages/account.ts';
import { announcementPages } from './pages/announcements.ts';
import { attendancePages } from './pages/attendance.ts';
import { calendarPages } from './pages/calendar.ts';
import { cohortPages } from './pages/cohorts.ts';
import { corePages } from './pages/core.ts';
import { discussionPages } from './pages/discussions.ts';
import { evaluationPages } from './pages/evaluations.ts';
import { learningPages } from './pages/learning.ts';
import { lessonPages } from './pages/lessons.ts';
import { managementPages } from './pages/management.ts';
import { messagePages } from './pages/messages.ts';
import { myResultPages } from './pages/my-results.ts';
import { notificationPages } from './pages/notifications.ts';
import { publicPages } from './pages/public.ts';
import { resultPages } from './pages/results.ts';
import { seminarPages } from './pages/seminars.ts';
import { subjectPages } from './pages/subjects.ts';
import { transcriptPages } from './pages/transcript.ts';
import type { PageLoader, PageRegistry } from './pages/types.ts';

// Each area registers its screens in its own file, so areas grow without touching this one.
const PAGES: PageRegistry = {
  ...publicPages,
  ...corePages,
  ...accountPages,
  ...managementPages,
  ...cohortPages,
  ...learningPages,
  ...lessonPages,
  ...seminarPages,
  ...subjectPages,
  ...evaluationPages,
  ...attendancePages,
  ...transcriptPages,
  ...myResultPages,
  ...resultPages,
  ...calendarPages,
  ...notificationPages,
  ...announcementPages,
  ...discussionPages,
  ...messagePages,
};

/** The pages whose texts come with the first load (i18n/fr.ts); the others await the rest. */
const FIRST_LOAD_PAGES = new Set(Object.keys({ ...publicPages, ...accountPages }));

const comingSoonPage: PageLoader = () =>
  import('./coming-soon-page.tsx').then((module) => module.ComingSoonPage);

function toRouteObject(route: RouteAccess<PagePath>): RouteObject {
  const page = PAGES[route.path] ?? comingSoonPage;
  return {
    path: route.path,
    loader: guard(route),
    lazy: async () => {
      const [Component] = await Promise.all([
        page(),
        FIRST_LOAD_PAGES.has(route.path) ? undefined : loadSignedInTexts(),
      ]);
      return { Component };
    },
    ErrorBoundary: ErrorPage,
  };
}

/** Every route of the spec's table (packages/shared ROUTES) and the few outside it, guarded, inside the chrome. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: Splash,
    ErrorBoundary: ErrorPage,
    children: [
      ...APP_ROUTES.map(toRouteObject),
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
