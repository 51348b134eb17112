import { videoEmbedUrl } from '@skolar/shared';
import { ChevronLeft, ChevronRight, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { archiveChapter, deleteChapter, pathsOf, useChapter } from './api.ts';
import { ChapterResources } from './chapter-resources.tsx';
import { ContentActions } from './lesson-actions.tsx';
import '../../ui/management.css';
import '../../ui/rich-text-editor.css';
import './lessons.css';

/** `/:moduleId/:subjectId/:lessonId/chapters/:chapterId`: the chapter as its readers see it. */
export function ChapterPage() {
  const { t } = useTranslation();
  const params = useParams();
  const lessonId = Number(params.lessonId);
  const id = Number(params.chapterId);
  const paths = pathsOf(params.moduleId ?? 0, params.subjectId ?? 0);
  const { data: chapter, isError } = useChapter(id);
  usePageTitle(chapter?.title ?? t('chapters.title'));
  const embed = chapter?.video_url ? videoEmbedUrl(chapter.video_url) : null;
  return (
    <div className="container page">
      <PageHeader
        eyebrow={chapter?.lesson_title ?? t('chapters.title')}
        title={chapter?.title ?? '…'}
        back={{ to: paths.lesson(lessonId), label: t('chapters.backToLesson') }}
        actions={
          chapter && (
            <>
              {chapter.can.update && (
                <Link to={paths.editChapter(lessonId, id)} className="button button--primary">
                  <Pencil size={16} aria-hidden="true" />
                  {t('manage.edit')}
                </Link>
              )}
              <ContentActions
                name={chapter.title}
                can={chapter.can}
                archived={chapter.archived_at !== null}
                setArchived={(archived) => archiveChapter(id, archived)}
                remove={() => deleteChapter(id)}
                afterDelete={paths.lesson(lessonId)}
              />
            </>
          )
        }
      >
        {chapter?.archived_at && (
          <span className="badge manage-badge--archived">{t('manage.archivedBadge')}</span>
        )}
      </PageHeader>
      {isError && <p className="notice notice--error">{t('chapters.notFound')}</p>}
      {chapter && (
        <>
          {embed && (
            <div className="chapter-video">
              <iframe
                src={embed}
                title={t('chapters.video', { name: chapter.title })}
                allow="encrypted-media; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
                sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
                loading="lazy"
              />
            </div>
          )}
          <article
            className="card manage-detail prose"
            // The API sanitises every chapter's HTML on write (http/sanitize.ts): allow-listed
            // tags only, no script, handler or style, links http(s)/mailto, images of our files.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: content sanitised by the server
            dangerouslySetInnerHTML={{ __html: chapter.content }}
          />
          <ChapterResources chapter={chapter} />
          <nav className="chapter-nav" aria-label={t('chapters.navigation')}>
            {chapter.previous_id ? (
              <Link
                to={paths.chapter(lessonId, chapter.previous_id)}
                className="button button--ghost"
              >
                <ChevronLeft size={16} aria-hidden="true" />
                {t('chapters.previous')}
              </Link>
            ) : (
              <span />
            )}
            {chapter.next_id && (
              <Link to={paths.chapter(lessonId, chapter.next_id)} className="button button--ghost">
                {t('chapters.next')}
                <ChevronRight size={16} aria-hidden="true" />
              </Link>
            )}
          </nav>
        </>
      )}
    </div>
  );
}
