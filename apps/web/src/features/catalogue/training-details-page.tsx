import { cardHeading } from '@skolar/shared';
import './catalogue.css';
import './training-details.css';
import { ArrowLeft, Award, ExternalLink, Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../ui/page-title.ts';
import { PhoneLink } from '../../ui/phone-link.tsx';
import { usePublicTraining } from './api.ts';
import { CoverArt } from './cover-art.tsx';
import { InstitutionMark } from './institution-mark.tsx';
import { TrainingOverview } from './training-overview.tsx';

/** PublicTrainingDetails: everything public about a training and its institution, and a way to ask. */
export function TrainingDetailsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = usePublicTraining(id);
  const training = query.data;
  usePageTitle(training ? training.title : t('public.details.title'));

  if (query.isError || !Number.isInteger(id)) {
    return (
      <div className="container page">
        <div className="notice notice--error" role="alert">
          {t('public.details.notFound')}
        </div>
        <Link to="/public-trainings" className="button button--ghost">
          <ArrowLeft aria-hidden="true" size={18} />
          {t('public.details.back')}
        </Link>
      </div>
    );
  }
  if (!training) return null;
  const { institution } = training;
  return (
    <div className="container page training-details">
      <Link to="/public-trainings" className="training-details__back">
        <ArrowLeft aria-hidden="true" size={16} />
        {t('public.details.back')}
      </Link>
      <div className="training-details__grid">
        <article className="card training-details__main">
          <div
            className="training-details__cover"
            style={{ '--institution-colour': institution.color_code } as React.CSSProperties}
          >
            <CoverArt cover={training.cover_link} institution={institution} />
          </div>
          <div className="training-details__body">
            <p className="page__eyebrow">{training.program}</p>
            <h1>{cardHeading(training)}</h1>
            <TrainingOverview training={training} Heading="h2" />
          </div>
        </article>
        <aside className="training-details__aside">
          <section
            className="card training-details__institution"
            aria-labelledby="institution-title"
          >
            <InstitutionMark institution={institution} height={50} />
            <h2 id="institution-title">{institution.name}</h2>
            <p className="training-details__certificate">
              <Award aria-hidden="true" size={16} />
              {t('public.details.certificate', {
                name: institution.diminutive ?? institution.name,
              })}
            </p>
            <ul className="training-details__contact">
              <li>
                <MapPin aria-hidden="true" size={16} />
                {institution.address}
              </li>
              <li>
                <Mail aria-hidden="true" size={16} />
                <a href={`mailto:${institution.email}`}>{institution.email}</a>
              </li>
              <li>
                <ExternalLink aria-hidden="true" size={16} />
                <a href={institution.url} target="_blank" rel="noreferrer">
                  {institution.url.replace(/^https?:\/\//, '')}
                </a>
              </li>
              {institution.phone && (
                <li>
                  <Phone aria-hidden="true" size={16} />
                  <PhoneLink value={institution.phone} />
                </li>
              )}
            </ul>
          </section>
          <section className="card training-details__cta">
            <h2>{t('public.details.ctaTitle')}</h2>
            <p>{t('public.details.ctaText')}</p>
            <Link
              to={`/contact?institution=${institution.id}&object=${encodeURIComponent(training.title)}`}
              className="button button--primary button--block"
            >
              <Mail aria-hidden="true" size={18} />
              {t('public.details.cta')}
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}
