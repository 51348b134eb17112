import type { Episode } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EpisodeWhen, EpisodeWhere } from './when.tsx';

/** The episodes of a seminar in the order they take place; past ones are marked. */
export function EpisodeList({
  episodes,
  linkTo,
}: {
  episodes: readonly Pick<
    Episode,
    | 'id'
    | 'title'
    | 'day'
    | 'start_time'
    | 'end_time'
    | 'ends_at'
    | 'time_zone'
    | 'location'
    | 'online_link'
  >[];
  linkTo: (episodeId: number) => string;
}) {
  const { t } = useTranslation();
  if (episodes.length === 0) return <p className="cohort-empty">{t('seminars.noEpisode')}</p>;
  const now = Date.now();
  return (
    <>
      <p className="cohort-muted">{t('seminars.zone', { zone: episodes[0]!.time_zone })}</p>
      <ol className="seminar-episodes">
        {episodes.map((episode) => {
          const past = new Date(episode.ends_at).getTime() < now;
          return (
            <li
              key={episode.id}
              className={past ? 'seminar-episode seminar-episode--past' : 'seminar-episode'}
            >
              <div className="seminar-episode__text">
                <Link to={linkTo(episode.id)}>
                  <strong>{episode.title}</strong>
                </Link>
                <EpisodeWhen episode={episode} zone={episode.time_zone} />
              </div>
              <div className="seminar-episode__text">
                <EpisodeWhere episode={episode} />
                {past && <span className="badge badge--muted">{t('seminars.past')}</span>}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
