import { ChevronDown, LifeBuoy, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/page-title.ts';
import './faq.css';

/** The questions of the FAQ, by topic (texts in public.faq.*). */
const FAQ = {
  platform: ['what', 'who', 'languages', 'theme'],
  trainings: ['catalogue', 'certificate', 'enrol'],
  account: ['login', 'password', 'expired', 'data'],
  schools: ['colours', 'demo', 'price'],
} as const;

/** /faq: the frequent questions, grouped, each opening in place. */
export function FaqPage() {
  const { t } = useTranslation();
  usePageTitle(t('public.faq.title'));
  return (
    <div className="container page faq">
      <div className="page__header">
        <p className="page__eyebrow">{t('public.faq.eyebrow')}</p>
        <h1>{t('public.faq.title')}</h1>
        <p className="page__lead">{t('public.faq.intro')}</p>
      </div>
      <div className="faq__topics">
        {Object.entries(FAQ).map(([topic, questions]) => (
          <section key={topic} className="faq__topic" aria-labelledby={`faq-${topic}`}>
            <h2 id={`faq-${topic}`}>{t(`public.faq.topics.${topic}`)}</h2>
            {questions.map((question) => (
              <details key={question} className="card faq__item">
                <summary>
                  {t(`public.faq.questions.${question}.q`)}
                  <ChevronDown aria-hidden="true" size={18} />
                </summary>
                <p>{t(`public.faq.questions.${question}.a`)}</p>
              </details>
            ))}
          </section>
        ))}
      </div>
      <aside className="card faq__more">
        <LifeBuoy aria-hidden="true" size={28} className="faq__more-icon" />
        <div>
          <h2>{t('public.faq.moreTitle')}</h2>
          <p>{t('public.faq.moreText')}</p>
        </div>
        <Link to="/contact" className="button button--primary">
          <Mail aria-hidden="true" size={18} />
          {t('public.faq.moreAction')}
        </Link>
      </aside>
    </div>
  );
}
