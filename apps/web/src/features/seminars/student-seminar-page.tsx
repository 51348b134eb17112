import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSeminar } from '../../api/seminars.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { EpisodeList } from './episode-list.tsx';
import { studentEpisodePath } from './paths.ts';
import { SyllabusPanel } from './syllabus-panel.tsx';
import '../../ui/cohorts.css';
import './seminars.css';
import { PageError } from '../../ui/page-error.tsx';

/** `/student/seminars/:id`: the seminar's description, syllabus and episodes. */
export function StudentSeminarPage() {
  const { t } = useTranslation();
  const params = useParams();
  const { data, error } = useSeminar(Number(params.id));
  usePageTitle(data?.title ?? t('seminars.mine'));
  if (error) return <PageError message={error.message} />;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data.promotion_name}
        title={data.title}
        back={{ to: '/student/seminars', label: t('seminars.mine') }}
      />
      {data.description && <p>{data.description}</p>}
      <div className="cohort-sections">
        <section className="card cohort-section">
          <h2>{t('seminars.episodes')}</h2>
          <EpisodeList
            episodes={data.episodes}
            linkTo={(episodeId) => studentEpisodePath(data.id, episodeId)}
          />
        </section>
        <SyllabusPanel seminar={data} />
      </div>
    </div>
  );
}
