import { cutDescription, type PublicSeminar } from '@skolar/shared';
import { CalendarDays, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import './catalogue.css';
import { CoverArt } from './cover-art.tsx';

/**
 * A public seminar's card, the size of a training's: the institution's full name, the title, the
 * number of episodes and the next date, the description cut to 10 words, and the syllabus when
 * there is one, on the cover (the body's 220 px belong to the texts). Seminars have no public
 * detail page: the card is not a link.
 */
export function SeminarCard({ seminar }: { seminar: PublicSeminar }) {
  const { t, i18n } = useTranslation();
  const { institution } = seminar;
  const next = seminar.next_episode_at
    ? t('seminars.catalogue.next', {
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
          new Date(seminar.next_episode_at),
        ),
      })
    : t('seminars.catalogue.noNext');
  return (
    <article
      className="training-card"
      style={{ '--institution-colour': institution.color_code } as React.CSSProperties}
    >
      <div className="training-card__cover">
        <CoverArt institution={institution} kind="seminar" />
        {seminar.syllabus_link && (
          <a
            className="seminar-card__syllabus"
            href={seminar.syllabus_link}
            target="_blank"
            rel="noopener noreferrer"
          >
            <FileText aria-hidden="true" size={14} /> {t('seminars.syllabus')}
          </a>
        )}
      </div>
      <div className="training-card__body">
        <span className="training-card__institution">{institution.name}</span>
        <h3 className="training-card__heading">{seminar.title}</h3>
        <span className="training-card__hours">
          <CalendarDays aria-hidden="true" size={14} />
          {t('seminars.count', { count: seminar.nb_episodes })}
        </span>
        <span className="seminar-card__next">{next}</span>
        <p className="training-card__description">{cutDescription(seminar.description)}</p>
      </div>
    </article>
  );
}
