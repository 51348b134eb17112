import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMySeminars } from '../../api/seminars.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { useErrorToast } from '../../ui/toast-error.ts';
import { studentEpisodePath, studentSeminarPath } from './paths.ts';
import { EpisodeWhen, EpisodeWhere } from './when.tsx';
import '../../ui/cohorts.css';
import './seminars.css';

/** `/student/seminars`: the seminars of the student's promotions, each with its next episode. */
export function MySeminarsPage() {
  const { t } = useTranslation();
  usePageTitle(t('seminars.mine'));
  const { data, isError } = useMySeminars();
  useErrorToast(isError, 'my-seminars-error');
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('seminars.eyebrow')} title={t('seminars.mine')} />
      {!data ? (
        <p className="cohort-muted">{t('app.loading')}</p>
      ) : data.length === 0 ? (
        <p className="cohort-empty">{t('seminars.empty')}</p>
      ) : (
        <ul className="seminar-cards">
          {data.map((seminar) => (
            <li key={seminar.id} className="card cohort-section">
              <h2>
                <Link to={studentSeminarPath(seminar.id)}>{seminar.title}</Link>
              </h2>
              <p className="cohort-muted">
                {seminar.promotion_name} · {t('seminars.count', { count: seminar.nb_episodes })}
              </p>
              {seminar.next_episode ? (
                <div className="seminar-episode__text">
                  <span>
                    {t('seminars.next')}{' '}
                    <Link to={studentEpisodePath(seminar.id, seminar.next_episode.id)}>
                      {seminar.next_episode.title}
                    </Link>
                  </span>
                  <EpisodeWhen episode={seminar.next_episode} zone={seminar.time_zone} />
                  <EpisodeWhere episode={seminar.next_episode} />
                </div>
              ) : (
                <p className="cohort-muted">{t('seminars.noNext')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
