import type { PageHref } from '@skolar/shared';
import { ArrowLeft, ArrowRight, Check, Download, ExternalLink, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useMyChapter, useRecordProgress } from '../../api/learning.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RichContent, VideoEmbed } from '../../ui/rich-content.tsx';
import { toastError } from '../../ui/toast-error.ts';
import './learning.css';
import { LoadError } from './load-error.tsx';

/** `/student/chapters/:id?subjectId=`: one chapter, read from the student's trainings. */
export function ChapterPage() {
  const id = Number(useParams().id);
  const subjectId = Number(useSearchParams()[0].get('subjectId')) || undefined;
  const query = (subject: number | undefined) => (subject ? `?subjectId=${subject}` : '');
  return (
    <ChapterReader
      id={id}
      subjectId={subjectId}
      chapterLink={(chapter, subject) => `/student/chapters/${chapter}${query(subject)}`}
      lessonLink={(lesson, subject) => `/student/lessons/${lesson}${query(subject)}`}
    />
  );
}

interface ChapterReaderProps {
  id: number;
  subjectId?: number;
  /** Where a chapter (previous, next) opens, in the subject the reader came from. */
  chapterLink: (chapterId: number, subjectId: number | undefined) => PageHref;
  lessonLink: (lessonId: number, subjectId: number | undefined) => PageHref;
  /** Shown above the chapter (the course page's tabs). */
  header?: ReactNode;
}

/**
 * The chapter to read, its video and resources, the way to the previous and next chapters, and
 * "mark as done". Opening it is recorded for "continue where you left off".
 */
export function ChapterReader({
  id,
  subjectId,
  chapterLink,
  lessonLink,
  header,
}: ChapterReaderProps) {
  const { t } = useTranslation();
  const { data, error } = useMyChapter(id, subjectId);
  const progress = useRecordProgress(id);
  const { mutate: recordOpened } = useRecordProgress(id);
  usePageTitle(data?.title ?? t('learning.chapter'));
  const loaded = data?.id === id;
  useEffect(() => {
    if (loaded) recordOpened(undefined);
  }, [loaded, recordOpened]);
  if (error) return <LoadError error={error} />;
  if (!data) return <p className="container page learning__muted">{t('app.loading')}</p>;
  const subject = data.subject?.id;
  const toggle = () =>
    progress.mutate(!data.done, {
      onSuccess: (answer) =>
        toast.success(answer.done ? t('learning.markedDone') : t('learning.markedNotDone')),
      onError: (cause) => toastError(cause),
    });
  return (
    <div className="container page learning learning--reader">
      {header}
      <PageHeader
        eyebrow={[data.subject?.name, data.lesson.title].filter(Boolean).join(' · ')}
        title={data.title}
        back={{ to: lessonLink(data.lesson.id, subject), label: data.lesson.title }}
        actions={
          <button
            type="button"
            className={data.done ? 'button button--ghost' : 'button button--primary'}
            onClick={toggle}
            disabled={progress.isPending}
            aria-pressed={data.done}
          >
            {data.done ? (
              <RotateCcw size={16} aria-hidden="true" />
            ) : (
              <Check size={16} aria-hidden="true" />
            )}
            {data.done ? t('learning.markNotDone') : t('learning.markDone')}
          </button>
        }
      >
        {data.done && <span className="badge learning__done-badge">{t('learning.done')}</span>}
      </PageHeader>

      <article className="card learning-reader">
        {data.video_url && (
          <VideoEmbed url={data.video_url} title={t('learning.video', { title: data.title })} />
        )}
        <RichContent html={data.content} label={t('learning.content')} />
      </article>

      {data.resources.length > 0 && (
        <section className="card learning-subject" aria-labelledby="resources-title">
          <h2 id="resources-title">{t('learning.resources')}</h2>
          <ul className="learning-resources">
            {data.resources.map((resource) => (
              <li key={resource.id}>
                <a
                  href={resource.url}
                  {...(resource.kind === 'link'
                    ? { target: '_blank', rel: 'noopener noreferrer' }
                    : { download: true })}
                >
                  {resource.kind === 'link' ? (
                    <ExternalLink size={16} aria-hidden="true" />
                  ) : (
                    <Download size={16} aria-hidden="true" />
                  )}
                  {resource.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <nav className="learning-pager" aria-label={t('learning.chapters')}>
        {data.previous ? (
          <Link to={chapterLink(data.previous.id, subject)} className="learning-pager__link">
            <ArrowLeft size={16} aria-hidden="true" />
            <span>
              <small>{t('learning.previous')}</small>
              {data.previous.title}
            </span>
          </Link>
        ) : (
          <span />
        )}
        {data.next ? (
          <Link
            to={chapterLink(data.next.id, subject)}
            className="learning-pager__link learning-pager__link--next"
          >
            <span>
              <small>{t('learning.next')}</small>
              {data.next.title}
            </span>
            <ArrowRight size={16} aria-hidden="true" />
          </Link>
        ) : (
          <p className="learning__muted">{t('learning.endOfSubject')}</p>
        )}
      </nav>
    </div>
  );
}
