import { type PageHref, PLATFORM_CONTACT } from '@skolar/shared';
import { GraduationCap, Mail, MapPin, Phone, Smartphone, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signOut, useSession } from '../../api/session.ts';
import { useMayOpen } from '../../ui/role-link.tsx';
import './footer.css';

/**
 * The spec sends who we are, privacy and cookies to the home page; the public home (`/`) is for
 * visitors only, so a signed-in user gets the same page at `/condition-utilisateur` (decision 90).
 */
const PUBLIC_HOME = ['/', '/condition-utilisateur'] as const;

const ABOUT = [
  { key: 'faq', to: ['/faq'] },
  { key: 'about', to: PUBLIC_HOME },
  { key: 'terms', to: ['/condition-utilisateur'] },
  { key: 'privacy', to: PUBLIC_HOME },
  { key: 'cookies', to: PUBLIC_HOME },
] as const;

/** The home page's contact anchor for visitors, the contact page for a signed-in user. */
const CONTACT = ['/#contact', '/contact'] as const;

const SOCIAL = [
  { key: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { key: 'YouTube', href: 'https://www.youtube.com/' },
  { key: 'Facebook', href: 'https://www.facebook.com/' },
] as const;

/** The product's own institution is never shown as a partner logo in the footer. */
const PRODUCT_NAME = 'Skolar';

/**
 * The footer (spec 'Navigation chrome'): about links, links (home, calendar, public courses, login
 * or logout, contact: the home page's anchor for visitors, /contact once signed in), the contact block, the institution's logo unless it is the product's own,
 * and © 2024.
 */
export function Footer() {
  const { t } = useTranslation();
  const { user, info } = useSession();
  const mayOpen = useMayOpen();
  /** The first of the targets the viewer may open (the last one when none). */
  const target = (paths: readonly PageHref[]) => paths.find(mayOpen) ?? paths[paths.length - 1]!;
  // The spec: logout shows when the user's e-mail is filled, otherwise login.
  const signedIn = Boolean(user && info?.email);
  const institution = info?.institution;
  const showLogo = Boolean(institution?.logo_link && institution.name !== PRODUCT_NAME);
  return (
    <footer className="footer site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to={signedIn ? '/dashboard' : '/'} className="brand">
            <span className="brand__mark" aria-hidden="true">
              <GraduationCap size={20} />
            </span>
            <span className="brand__name">{t('app.name')}</span>
          </Link>
          <p>{t('app.tagline')}</p>
          {showLogo && institution?.logo_link && (
            <img
              src={institution.logo_link}
              alt={institution.name}
              className="site-footer__logo"
              width={40}
              height={40}
              loading="lazy"
              decoding="async"
            />
          )}
        </div>
        <nav aria-label={t('chrome.footer.about')}>
          <h2 className="site-footer__title">{t('chrome.footer.about')}</h2>
          <ul className="site-footer__list">
            {ABOUT.map((item) => (
              <li key={item.key}>
                <Link to={target(item.to)}>{t(`chrome.footer.aboutLinks.${item.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('chrome.footer.links')}>
          <h2 className="site-footer__title">{t('chrome.footer.links')}</h2>
          <ul className="site-footer__list">
            <li>
              <Link to={signedIn ? '/dashboard' : '/'}>{t('chrome.home')}</Link>
            </li>
            <li>
              <Link to="/calendar">{t('chrome.calendar')}</Link>
            </li>
            <li>
              <Link to="/public-formations">{t('chrome.footer.publicCourses')}</Link>
            </li>
            <li>
              {signedIn ? (
                <button
                  type="button"
                  className="site-footer__linkish"
                  onClick={() => void signOut()}
                >
                  {t('userMenu.logout')}
                </button>
              ) : (
                <Link to="/login">{t('chrome.login')}</Link>
              )}
            </li>
            <li>
              <Link to={target(CONTACT)}>{t('chrome.footer.contact')}</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__title">{t('chrome.footer.contactBlock')}</h2>
          <ul className="site-footer__list site-footer__contact">
            <li>
              <MapPin aria-hidden="true" size={16} />
              {PLATFORM_CONTACT.address}
            </li>
            <li>
              <Mail aria-hidden="true" size={16} />
              <a href={`mailto:${PLATFORM_CONTACT.email}`}>{PLATFORM_CONTACT.email}</a>
            </li>
            <li>
              <Phone aria-hidden="true" size={16} />
              <a href={`tel:${PLATFORM_CONTACT.phone.replaceAll(' ', '')}`}>
                {PLATFORM_CONTACT.phone}
              </a>
            </li>
          </ul>
          <ul className="site-footer__social" aria-label={t('chrome.footer.social')}>
            {SOCIAL.map((item) => (
              <li key={item.key}>
                <a href={item.href} target="_blank" rel="noreferrer">
                  {item.key}
                </a>
              </li>
            ))}
          </ul>
          <ul className="site-footer__stores" aria-label={t('chrome.footer.apps')}>
            <li>
              <a href="https://apps.apple.com/" target="_blank" rel="noreferrer">
                <Smartphone aria-hidden="true" size={16} />
                {t('chrome.footer.appStore')}
              </a>
            </li>
            <li>
              <a href="https://play.google.com/store" target="_blank" rel="noreferrer">
                <Store aria-hidden="true" size={16} />
                {t('chrome.footer.googlePlay')}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="site-footer__bottom">
        <p className="container footer__copyright">{t('chrome.footer.copyright')}</p>
      </div>
    </footer>
  );
}
