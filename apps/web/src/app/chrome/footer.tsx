import { homePath } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../session.ts';

/** The footer: a few links and the copyright (issue 3 adds the contact block and logos). */
export function Footer() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <nav aria-label={t('chrome.footer.links')}>
          <ul className="footer__links">
            <li>
              <Link to={homePath(user?.role ?? null)}>{t('chrome.home')}</Link>
            </li>
            <li>
              <Link to="/public-formations">{t('chrome.footer.publicCourses')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('chrome.footer.contact')}</Link>
            </li>
            <li>
              <Link to="/faq">{t('chrome.footer.faq')}</Link>
            </li>
          </ul>
        </nav>
        <p className="footer__copyright">{t('chrome.footer.copyright')}</p>
      </div>
    </footer>
  );
}
