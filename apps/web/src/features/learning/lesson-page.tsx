import type { PageHref } from '@skolar/shared';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMyLesson } from '../../api/learning.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import './learning.css';
import { LoadError } from './load-error.tsx';

/** `/student/lessons/:id?subjectId=`: one lesson, from the student's trainings. */
export function LessonPage() {
  const id = Number(useParams().id);
  const subjectId = Number(useSearchParams()[0].get('subjectId')) || undefined;
  return (
    <LessonView
      id={id}
      subjectId={subjectId}
      chapterLink={(chapter, subject) =>
        `/student/chapters/${chapter}${subject ? `?subjectId=${subject}` : ''}`
      }
      back={{ to: '/student/trainings', label: 'learning.backToTrainings' }}
    />
  );
}

interface LessonViewProps {
  id: number;
  subjectId?: number;
  chapterLink: (chapterId: number, subjectId: number | undefined) => PageHref;
  /** The way back; `label` is a catalogue key. */
  back: { to: PageHref; label: string };
  header?: ReactNode;
}

/** The lesson's chapters in order, done or still to read, with the lesson's progress. */
export function LessonView({ id, subjectId, chapterLink, back, header }: LessonViewProps) {
  const { t } = useTranslation();
  const { data, error } = useMyLesson(id, subjectId);
  usePageTitle(data?.title ?? t('learning.lesson'));
  if (error) return <LoadError error={error} />;
  if (!data) return <p className="container page learning__muted">{t('app.loading')}</p>;
  return (
    <div className="container page learning">
      {header}
      <PageHeader
        eyebrow={
          data.subject ? `${t('learning.lesson')} · ${data.subject.name}` : t('learning.lesson')
        }
        title={data.title}
        back={{ to: back.to, label: t(back.label) }}
      >
        <ProgressBar
          value={data.progress}
          label={t('learning.progressOf', { name: data.title })}
          detail={t('learning.chapterCount', { done: data.nb_done, count: data.nb_chapters })}
        />
      </PageHeader>
      {data.summary && <p className="learning__intro">{data.summary}</p>}
      <section className="card learning-subject" aria-labelledby="chapters-title">
        <h2 id="chapters-title">{t('learning.chapters')}</h2>
        {data.chapters.length === 0 ? (
          <p className="learning__empty">{t('learning.noChapter')}</p>
        ) : (
          <ol className="learning-chapters">
            {data.chapters.map((chapter) => (
              <li key={chapter.id}>
                <Link to={chapterLink(chapter.id, data.subject?.id)}>
                  {chapter.done ? (
                    <CheckCircle2
                      className="learning-chapters__done"
                      size={20}
                      aria-hidden="true"
                    />
                  ) : (
                    <Circle className="learning-chapters__todo" size={20} aria-hidden="true" />
                  )}
                  <span>{chapter.title}</span>
                  <span className="sr-only">
                    ({chapter.done ? t('learning.done') : t('learning.notDone')})
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
