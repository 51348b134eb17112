import { HOME_STATISTICS } from '@skolar/shared';
import './catalogue.css';
import './landing.css';
import {
  ArrowRight,
  Award,
  BarChart3,
  BookOpen,
  CalendarCheck,
  ClipboardCheck,
  GraduationCap,
  LogIn,
  Presentation,
  School,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink, useFirstOpen } from '../../ui/role-link.tsx';
import { TrainingsBlock } from './grouped-catalogue.tsx';
import { InstitutionsCarousel } from './institutions-carousel.tsx';
import { SeminarsBlock } from './seminars-block.tsx';

/** The catalogue's page: the guest-only one for visitors, the list open to all once signed in. */
const CATALOGUE_PAGES = [{ to: '/public-trainings' }, { to: '/public-formations' }] as const;

/** The five anchor sections of the landing page, in page order. */
const HOME_SECTIONS = ['welcome', 'trainings', 'partners', 'schools', 'contact'] as const;

const OFFERS = [
  { key: 'certifications', Icon: Award },
  { key: 'courses', Icon: BookOpen },
  { key: 'seminars', Icon: Presentation },
] as const;

const SCHOOL_FEATURES = [
  { key: 'courses', Icon: School },
  { key: 'evaluations', Icon: ClipboardCheck },
  { key: 'performance', Icon: BarChart3 },
  { key: 'calendar', Icon: CalendarCheck },
] as const;

/**
 * The public landing page (also /condition-utilisateur); its last section holds the contact block
 * that the app hands in.
 */
export function HomePage({ contact }: { contact: (headingId: string) => ReactNode }) {
  const { t } = useTranslation();
  usePageTitle('');
  const catalogue = useFirstOpen(CATALOGUE_PAGES)?.to ?? '/public-formations';
  return (
    <div className="landing">
      <section id="welcome" className="hero" aria-labelledby="welcome-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">{t('app.name')}</p>
            <h1 className="hero__title" id="welcome-title">
              {t('app.tagline')}
            </h1>
            <p className="hero__intro">{t('home.intro')}</p>
            <div className="hero__actions">
              <Link to={catalogue} className="button button--primary">
                {t('public.home.toCatalogue')}
                <ArrowRight aria-hidden="true" size={18} />
              </Link>
              <RoleLink to="/login" otherwise="nothing" className="button button--ghost">
                <LogIn aria-hidden="true" size={18} />
                {t('home.login')}
              </RoleLink>
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
        <nav className="container landing__anchors" aria-label={t('public.home.sectionsNav')}>
          <ul>
            {HOME_SECTIONS.map((section) => (
              <li key={section}>
                <a href={`#${section}`}>{t(`public.home.sections.${section}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </section>

      <section className="stats" aria-label={t('public.home.stats.label')}>
        <dl className="container stats__inner">
          {HOME_STATISTICS.map((stat) => (
            <div key={stat.key} className="stats__item">
              <dt>{t(`public.home.stats.${stat.key}`)}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section id="trainings" className="landing__section" aria-labelledby="trainings-title">
        <div className="container">
          <div className="landing__header">
            <p className="page__eyebrow">{t('public.home.sections.trainings')}</p>
            <h2 id="trainings-title">{t('public.home.trainings.title')}</h2>
            <p>{t('public.home.trainings.intro')}</p>
          </div>
          <ul className="offers">
            {OFFERS.map(({ key, Icon }) => (
              <li key={key} className="card offer">
                <span className="offer__icon" aria-hidden="true">
                  <Icon size={22} />
                </span>
                <h3>{t(`public.home.offers.${key}.title`)}</h3>
                <p>{t(`public.home.offers.${key}.text`)}</p>
              </li>
            ))}
          </ul>
          <h3 className="landing__subtitle">{t('public.home.trainings.catalogue')}</h3>
          <TrainingsBlock grouped={false} />
          <SeminarsBlock headingLevel={3} />
          <div className="landing__more">
            <Link to={catalogue} className="button button--primary">
              {t('public.home.toCatalogue')}
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
          </div>
        </div>
      </section>

      <section
        id="partners"
        className="landing__section landing__section--muted"
        aria-labelledby="partners-title"
      >
        <div className="container">
          <div className="landing__header">
            <p className="page__eyebrow">{t('public.home.sections.partners')}</p>
            <h2 id="partners-title">{t('public.home.trust.title')}</h2>
            <p>{t('public.home.trust.intro')}</p>
          </div>
          <InstitutionsCarousel />
        </div>
      </section>

      <section id="schools" className="landing__section" aria-labelledby="schools-title">
        <div className="container landing__split">
          <div className="landing__header">
            <p className="page__eyebrow">{t('public.home.sections.schools')}</p>
            <h2 id="schools-title">{t('public.home.schools.title')}</h2>
            <p>{t('public.home.schools.intro')}</p>
            <Link to="/contact" className="button button--ghost">
              <Users aria-hidden="true" size={18} />
              {t('public.home.schools.demo')}
            </Link>
          </div>
          <ul className="features">
            {SCHOOL_FEATURES.map(({ key, Icon }) => (
              <li key={key} className="feature">
                <span className="offer__icon" aria-hidden="true">
                  <Icon size={20} />
                </span>
                <div>
                  <h3>{t(`public.home.schools.${key}.title`)}</h3>
                  <p>{t(`public.home.schools.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="contact"
        className="landing__section landing__section--muted"
        aria-labelledby="contact-title"
      >
        <div className="container">{contact('contact-title')}</div>
      </section>
    </div>
  );
}
