import { canAccess, type SeminarDetail } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, ListOrdered, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { updateSeminar, useSeminar } from '../../api/seminars.ts';
import { useSession } from '../../api/session.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { EpisodeList } from './episode-list.tsx';
import { episodeAddPath, episodePath, seminarEditPath, seminarEpisodesPath } from './paths.ts';
import { SyllabusPanel } from './syllabus-panel.tsx';
import '../../ui/cohorts.css';
import './seminars.css';
import { PageError } from '../../ui/page-error.tsx';

/** `/:id/:promotionId/seminars/:seminarId`: the seminar, its syllabus and its episodes. */
export function SeminarDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const { data, error } = useSeminar(Number(params.seminarId));
  const { user } = useSession();
  usePageTitle(data?.title ?? t('seminars.title'));
  if (error) return <PageError message={error.message} />;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data.promotion_name}
        title={data.title}
        back={{ to: '/seminars', label: t('seminars.title') }}
        actions={
          <>
            <StatusBadge
              archived={data.archived_at !== null}
              label={t(`trainings.visibility.${data.visibility}`)}
            />
            {data.can.update && <VisibilityToggle seminar={data} />}
            {canAccess(seminarEpisodesPath(data), user?.role ?? null) === 'ok' && (
              <Link to={seminarEpisodesPath(data)} className="button button--ghost">
                <ListOrdered size={16} aria-hidden="true" />
                {t('seminars.episodes')}
              </Link>
            )}
            {data.can.update && (
              <Link to={seminarEditPath(data)} className="button button--primary">
                <Pencil size={16} aria-hidden="true" />
                {t('cohorts.edit')}
              </Link>
            )}
            <RowActions
              area="cohorts"
              name={data.title}
              can={{ ...data.can, update: false }}
              archived={data.archived_at !== null}
              apiPath={`/api/seminars/${data.id}`}
              invalidate={[['seminar']]}
            />
          </>
        }
      />
      {data.description && <p>{data.description}</p>}
      <div className="cohort-sections">
        <section className="card cohort-section">
          <div className="cohort-section__head">
            <h2>{t('seminars.episodes')}</h2>
            {data.can.update && (
              <Link to={episodeAddPath(data)} className="button button--ghost">
                <Plus size={16} aria-hidden="true" />
                {t('seminars.addEpisode')}
              </Link>
            )}
          </div>
          <EpisodeList
            episodes={data.episodes}
            linkTo={(episodeId) => episodePath(data.promotion_id, data.id, episodeId)}
          />
        </section>
        <SyllabusPanel seminar={data} />
      </div>
    </div>
  );
}

/** Public ⇄ private in one click (a public seminar that is not archived is in the catalogue). */
function VisibilityToggle({ seminar }: { seminar: SeminarDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const next = seminar.visibility === 'public' ? 'private' : 'public';
  const toggle = async () => {
    setBusy(true);
    try {
      await updateSeminar(seminar.id, { visibility: next });
      toast.success(t('cohorts.saved'));
      await client.invalidateQueries({ queryKey: ['seminar'] });
    } catch (error) {
      toastError(error, t('cohorts.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--ghost" disabled={busy} onClick={toggle}>
      {next === 'public' ? (
        <Eye size={16} aria-hidden="true" />
      ) : (
        <EyeOff size={16} aria-hidden="true" />
      )}
      {t(`seminars.make.${next}`)}
    </button>
  );
}
