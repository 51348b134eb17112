import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { deleteEpisode, useEpisode, useSeminar } from '../../api/seminars.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import { EpisodeFacts } from './episode-facts.tsx';
import { episodeEditPath, seminarPath } from './paths.ts';
import { ResourcesPanel } from './resources-panel.tsx';
import '../../ui/cohorts.css';
import './seminars.css';
import { PageError } from '../../ui/page-error.tsx';

/** `/:id/:seminarId/episodes/:episodeId`: one episode, its resources; edit and delete. */
export function EpisodeDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const seminar = useSeminar(Number(params.seminarId));
  const { data, error } = useEpisode(Number(params.episodeId));
  usePageTitle(data?.title ?? t('seminars.episodes'));
  if (error) return <PageError message={error.message} />;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  const back = seminar.data ? seminarPath(seminar.data) : '/seminars';
  const remove = async () => {
    try {
      await deleteEpisode(data.id);
      toast.success(t('cohorts.deleted'));
      await client.invalidateQueries({ queryKey: ['seminar'] });
      navigate(back);
    } catch (failure) {
      toastError(failure, t('cohorts.failed'));
    }
  };
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data.seminar_title}
        title={data.title}
        back={{ to: back, label: data.seminar_title }}
        actions={
          <>
            {data.can.update && (
              <Link
                to={episodeEditPath(data.promotion_id, data.seminar_id, data.id)}
                className="button button--primary"
              >
                <Pencil size={16} aria-hidden="true" />
                {t('cohorts.edit')}
              </Link>
            )}
            {data.can.delete && (
              <ConfirmDialog
                kind="delete"
                subject={data.title}
                onConfirm={remove}
                trigger={
                  <button type="button" className="button button--ghost">
                    <Trash2 size={16} aria-hidden="true" />
                    {t('seminars.deleteEpisode')}
                  </button>
                }
              />
            )}
          </>
        }
      />
      <EpisodeFacts episode={data} />
      <ResourcesPanel episode={data} />
    </div>
  );
}
