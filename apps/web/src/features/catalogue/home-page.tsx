import { ArrowRight, BookOpen, ClipboardCheck, GraduationCap, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/page-title.ts';

/** The public home: the tagline and the ways in (issue 3 grows it into the full landing page). */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle('');
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="hero__eyebrow">{t('app.name')}</p>
          <h1 className="hero__title">{t('app.tagline')}</h1>
          <p className="hero__intro">{t('home.intro')}</p>
          <div className="hero__actions">
            <Link to="/login" className="button button--primary">
              <LogIn aria-hidden="true" size={18} />
              {t('home.login')}
            </Link>
            <Link to="/public-trainings" className="button button--ghost">
              {t('home.catalogue')}
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
          </div>
        </div>
        <div className="hero__art" aria-hidden="true">
          <span className="hero__tile">
            <BookOpen size={40} />
          </span>
          <span className="hero__tile hero__tile--accent">
            <GraduationCap size={48} />
          </span>
          <span className="hero__tile">
            <ClipboardCheck size={40} />
          </span>
        </div>
      </div>
    </section>
  );
}
