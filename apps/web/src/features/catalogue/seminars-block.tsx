import { useTranslation } from 'react-i18next';
import { usePublicSeminars } from '../../api/seminars.ts';
import { useErrorToast } from '../../ui/toast-error.ts';
import { SeminarCard } from './seminar-card.tsx';

/**
 * The public seminars beside the public trainings: one horizontal row of cards, with its own
 * heading. Nothing renders until the list has loaded, nor when there is no public seminar.
 */
export function SeminarsBlock({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const seminars = usePublicSeminars();
  useErrorToast(seminars.isError, 'seminars-error');
  if (!seminars.data || seminars.data.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="card-row seminars-block" aria-labelledby="public-seminars-title">
      <Heading id="public-seminars-title" className="landing__subtitle">
        {t('seminars.catalogue.title')}
      </Heading>
      <p>{t('seminars.catalogue.intro')}</p>
      <div className="card-row__viewport seminars-block__viewport">
        <ul className="card-row__track">
          {seminars.data.map((seminar) => (
            <li key={seminar.id} className="card-row__slide">
              <SeminarCard seminar={seminar} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
