import { homePath, showsCalendarLink } from '@skolar/shared';
import { Bell, CalendarDays, ChevronDown, Globe, GraduationCap, House, LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../api/session.ts';
import { loadSignedInTexts } from '../../i18n/index.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// Signed-in only, with its dropdown library: not part of the first page a visitor loads.
const UserBadge = lazy(() =>
  import('./user-badge.tsx').then((module) => ({ default: module.UserBadge })),
);

// Signed-in only too, with its popover and the live stream; its texts are the signed-in pages'
// (a public page may show it before they came).
const NotificationBell = lazy(() =>
  Promise.all([import('../../features/notifications/bell.tsx'), loadSignedInTexts()]).then(
    ([module]) => ({ default: module.NotificationBell }),
  ),
);

/**
 * Brand and the institution's logo (20 px, the spec's size), Home, Calendar (not for students), the
 * public courses (the spec links them from the menus too: decision 89), language, theme, and the
 * notification bell and the user badge, or a login button.
 */
export function TopBar() {
  const { t } = useTranslation();
  const { user, info } = useSession();
  const { pathname } = useLocation();
  const role = user?.role ?? null;
  const home = homePath(role);
  const institution = user ? info?.institution : null;

  return (
    <header className="topbar">
      <div className="container topbar__inner">
        <Link to={home} className="brand">
          <span className="brand__mark" aria-hidden="true">
            <GraduationCap size={20} />
          </span>
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        {institution?.logo_link && (
          <img
            src={institution.logo_link}
            alt={institution.name}
            className="topbar__logo"
            width={20}
            height={20}
          />
        )}
        <nav aria-label={t('chrome.mainNavigation')} className="topbar__nav">
          <NavLink to={home} end className="topbar__link">
            <House aria-hidden="true" size={18} />
            <span className="topbar__label">{t('chrome.home')}</span>
          </NavLink>
          {showsCalendarLink(role) && (
            <NavLink to="/calendar" className="topbar__link">
              <CalendarDays aria-hidden="true" size={18} />
              <span className="topbar__label">{t('chrome.calendar')}</span>
            </NavLink>
          )}
          <NavLink to="/public-formations" className="topbar__link">
            <Globe aria-hidden="true" size={18} />
            <span className="topbar__label">{t('chrome.publicCourses')}</span>
          </NavLink>
        </nav>
        <div className="topbar__actions">
          <LanguageMenu />
          <ThemeToggle />
          {user ? (
            <>
              <Suspense fallback={<BellPlaceholder />}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<UserBadgePlaceholder />}>
                <UserBadge />
              </Suspense>
            </>
          ) : (
            pathname !== '/login' && (
              <Link to="/login" className="button button--primary button--small">
                <LogIn aria-hidden="true" size={16} />
                <span className="topbar__label">{t('chrome.login')}</span>
              </Link>
            )
          )}
        </div>
      </div>
    </header>
  );
}

/** The bell's place while its code loads: the same button's frame, not a control yet. */
function BellPlaceholder() {
  return (
    <span className="icon-button notification-bell__placeholder" aria-hidden="true">
      <Bell size={18} />
    </span>
  );
}

/**
 * The user badge's place while its code loads: the same frame, the name and the arrow, a grey
 * circle for the picture; not a control yet, so hidden from assistive technologies. The bar's
 * other buttons stay where they are when the badge arrives.
 */
function UserBadgePlaceholder() {
  const { info } = useSession();
  return (
    <div className="user-badge" aria-hidden="true">
      <span className="user-badge__button">
        <Skeleton shape="circle" width={32} height={32} />
        <span className="user-badge__name">{info?.first_name}</span>
        <ChevronDown size={16} />
      </span>
    </div>
  );
}
