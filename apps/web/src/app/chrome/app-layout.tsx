import { GraduationCap } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSession } from '../../api/session.ts';
import { useTheme } from '../../lib/theme.ts';
import './chrome.css';
import { Footer } from './footer.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { RoleMenu } from './role-menu.tsx';
import { TopBar } from './top-bar.tsx';

// The toasts' host loads after the first paint (no toast can come before a user acts).
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** The chrome around every page: top bar, role menu when signed in, footer, toasts. */
export function AppLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const theme = useTheme();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('chrome.skipToContent')}
      </a>
      <NavigationProgress />
      <TopBar />
      {user && <RoleMenu role={user.role} />}
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Suspense fallback={null}>
        <Toaster position="bottom-right" duration={3000} theme={theme} richColors closeButton />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}

/**
 * Shown while the first navigation (session check, guard, page code) loads: the same top bar as
 * the HTML shell of index.html, so the page does not blink between the two.
 */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <header className="topbar">
        <div className="container topbar__inner">
          <span className="brand">
            <span className="brand__mark" aria-hidden="true">
              <GraduationCap size={20} />
            </span>
            <span className="brand__name">{t('app.name')}</span>
          </span>
        </div>
      </header>
      <main className="main splash" role="status">
        <div className="nav-progress is-active" aria-hidden="true" />
        <span className="sr-only">{t('app.loading')}</span>
      </main>
    </div>
  );
}
