import { CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMyLesson } from '../../api/learning.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import './learning.css';
import { LoadError } from './load-error.tsx';

/** `/student/lessons/:id?subjectId=`: the lesson's chapters in order, done or still to read. */
export function LessonPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const subjectId = Number(useSearchParams()[0].get('subjectId')) || undefined;
  const { data, error } = useMyLesson(id, subjectId);
  usePageTitle(data?.title ?? t('learning.lesson'));
  if (error) return <LoadError error={error} />;
  if (!data) return <p className="container page learning__muted">{t('app.loading')}</p>;
  const subjectQuery = data.subject ? `?subjectId=${data.subject.id}` : '';
  return (
    <div className="container page learning">
      <PageHeader
        eyebrow={
          data.subject ? `${t('learning.lesson')} · ${data.subject.name}` : t('learning.lesson')
        }
        title={data.title}
        back={{ to: '/student/trainings', label: t('learning.backToTrainings') }}
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
                <Link to={`/student/chapters/${chapter.id}${subjectQuery}`}>
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
