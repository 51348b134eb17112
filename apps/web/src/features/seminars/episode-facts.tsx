import type { EpisodeDetail } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { EpisodeWhen, EpisodeWhere } from './when.tsx';

/** When and where an episode takes place, and what it is about. */
export function EpisodeFacts({ episode }: { episode: EpisodeDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="cohort-facts">
        <div>
          <dt>{t('seminars.fields.when')}</dt>
          <dd>
            <EpisodeWhen episode={episode} zone={episode.time_zone} />
          </dd>
        </div>
        <div>
          <dt>{t('seminars.fields.where')}</dt>
          <dd className="seminar-episode__text">
            <EpisodeWhere episode={episode} />
          </dd>
        </div>
      </dl>
      {episode.description && <p>{episode.description}</p>}
    </>
  );
}
