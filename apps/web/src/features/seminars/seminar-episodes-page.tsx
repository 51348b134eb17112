import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSeminar } from '../../api/seminars.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { EpisodeList } from './episode-list.tsx';
import { episodeAddPath, episodePath, seminarPath } from './paths.ts';
import '../../ui/cohorts.css';
import './seminars.css';
import { PageError } from '../../ui/page-error.tsx';

/** `/:id/:promotionId/seminar-episode/:seminarId` (admin, super-admin): the seminar's episodes. */
export function SeminarEpisodesPage() {
  const { t } = useTranslation();
  const params = useParams();
  const { data, error } = useSeminar(Number(params.seminarId));
  usePageTitle(t('seminars.episodesOf', { name: data?.title ?? '' }));
  if (error) return <PageError message={error.message} />;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data.title}
        title={t('seminars.episodes')}
        back={{ to: seminarPath(data), label: data.title }}
        actions={
          data.can.update && (
            <Link to={episodeAddPath(data)} className="button button--primary">
              <Plus size={16} aria-hidden="true" />
              {t('seminars.addEpisode')}
            </Link>
          )
        }
      />
      <EpisodeList
        episodes={data.episodes}
        linkTo={(episodeId) => episodePath(data.promotion_id, data.id, episodeId)}
      />
    </div>
  );
}
