import type { MyTrainingDetail, PageHref } from '@skolar/shared';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMyTraining } from '../../api/learning.ts';
import { formatHours } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { CourseTabs } from './course-tabs.tsx';
import './learning.css';
import { LoadError } from './load-error.tsx';

/** `/student/trainings/:id`: modules → subjects → lessons, each lesson with its progress. */
export function TrainingPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data, error } = useMyTraining(id);
  usePageTitle(data?.title ?? t('learning.trainings'));
  if (error) return <LoadError error={error} />;
  if (!data) return <p className="container page learning__muted">{t('app.loading')}</p>;
  const count = (row: { nb_done: number; nb_chapters: number }) =>
    t('learning.chapterCount', { done: row.nb_done, count: row.nb_chapters });
  return (
    <div className="container page learning">
      <PageHeader
        eyebrow={`${data.program} · ${data.level} · ${data.promotion_name}`}
        title={data.title}
        back={{ to: '/student/trainings', label: t('learning.backToTrainings') }}
      >
        <ProgressBar
          value={data.progress}
          label={t('learning.progressOf', { name: data.title })}
          detail={count(data)}
        />
      </PageHeader>
      <CourseTabs trainingId={data.id} title={data.title} />
      {data.description && <p className="learning__intro">{data.description}</p>}
      <TrainingOutline
        training={data}
        lessonLink={(lesson, subject) => `/student/lessons/${lesson}?subjectId=${subject}`}
      />
    </div>
  );
}

interface TrainingOutlineProps {
  training: MyTrainingDetail;
  /** Where a lesson of a subject opens. */
  lessonLink: (lessonId: number, subjectId: number) => PageHref;
}

/** Modules → subjects → lessons, each with its reading progress. */
export function TrainingOutline({ training: data, lessonLink }: TrainingOutlineProps) {
  const { t, i18n } = useTranslation();
  const count = (row: { nb_done: number; nb_chapters: number }) =>
    t('learning.chapterCount', { done: row.nb_done, count: row.nb_chapters });
  return (
    <>
      <h2 className="learning__heading">{t('learning.modules')}</h2>
      {data.modules.length === 0 && <p className="learning__empty">{t('learning.noModule')}</p>}
      {data.modules.map((module) => (
        <section
          key={module.id}
          className="learning-module"
          aria-labelledby={`module-${module.id}`}
        >
          <h3 id={`module-${module.id}`} className="learning-module__title">
            {module.name}
          </h3>
          {module.subjects.map((subject) => (
            <article key={subject.id} className="card learning-subject">
              <header className="learning-subject__header">
                <div>
                  <h4>{subject.name}</h4>
                  <p className="learning__muted">
                    {t('learning.coefficient', { value: subject.coefficient })} ·{' '}
                    {formatHours(subject.hourly_volume, i18n.language)}
                  </p>
                </div>
                <ProgressBar
                  value={subject.progress}
                  label={t('learning.progressOf', { name: subject.name })}
                  detail={count(subject)}
                />
              </header>
              {subject.lessons.length === 0 ? (
                <p className="learning__empty">{t('learning.noLesson')}</p>
              ) : (
                <ol className="learning-lessons">
                  {subject.lessons.map((lesson) => (
                    <li key={lesson.id}>
                      <Link
                        to={lessonLink(lesson.id, subject.id)}
                        className="learning-lessons__link"
                      >
                        <span className="learning-lessons__title">{lesson.title}</span>
                        <ProgressBar
                          value={lesson.progress}
                          label={t('learning.progressOf', { name: lesson.title })}
                          detail={count(lesson)}
                        />
                        <ChevronRight size={18} aria-hidden="true" />
                      </Link>
                    </li>
                  ))}
                </ol>
              )}
            </article>
          ))}
        </section>
      ))}
    </>
  );
}
