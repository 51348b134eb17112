import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEpisode } from '../../api/seminars.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { EpisodeFacts } from './episode-facts.tsx';
import { studentSeminarPath } from './paths.ts';
import { ResourcesPanel } from './resources-panel.tsx';
import '../../ui/cohorts.css';
import './seminars.css';
import { PageError } from '../../ui/page-error.tsx';

/** `/:id/episodes/:episodeId?eventType=`: one episode of the student's seminar `:id`. */
export function StudentEpisodePage() {
  const { t } = useTranslation();
  const params = useParams();
  const { data, error } = useEpisode(Number(params.episodeId));
  usePageTitle(data?.title ?? t('seminars.episodes'));
  if (error) return <PageError message={error.message} />;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data.seminar_title}
        title={data.title}
        back={{ to: studentSeminarPath(data.seminar_id), label: data.seminar_title }}
      />
      <EpisodeFacts episode={data} />
      <ResourcesPanel episode={data} />
    </div>
  );
}
