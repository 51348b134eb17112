import { Download, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  useMyTraining,
  useMyTrainingEvaluations,
  useMyTrainingResources,
} from '../../api/learning.ts';
import { formatAcademicYear, formatDay, formatHours } from '../../lib/format.ts';
import { pagePath } from '../../lib/page-path.ts';
import { EvaluationStatusBadge } from '../../ui/evaluation-status-badge.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { ChapterReader } from './chapter-page.tsx';
import { CourseTabs } from './course-tabs.tsx';
import { LessonView } from './lesson-page.tsx';
import './learning.css';
import { LoadError } from './load-error.tsx';
import { TrainingOutline } from './training-page.tsx';

/**
 * The frame of a course page: the training's title, its tabs, then the tab's content. Exported
 * for the tabs composed in app/ (the results tab shows the my-results feature's list).
 */
export function CourseFrame({
  tab,
  children,
}: {
  tab: string;
  children: (id: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data, error } = useMyTraining(id);
  usePageTitle(data ? `${data.title} · ${t(`learning.course.${tab}`)}` : t('learning.trainings'));
  if (error) return <LoadError error={error} />;
  if (!data) return <p className="container page learning__muted">{t('app.loading')}</p>;
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
          detail={t('learning.chapterCount', { done: data.nb_done, count: data.nb_chapters })}
        />
      </PageHeader>
      <CourseTabs trainingId={id} title={data.title} />
      {children(id)}
    </div>
  );
}

/** `/event-presentation/:id`: what the training is, its figures and its subjects. */
export function CoursePresentationPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const { data } = useMyTraining(id);
  return (
    <CourseFrame tab="presentation">
      {() =>
        data && (
          <>
            <dl className="learning-facts">
              <div>
                <dt>{t('learning.course.hours')}</dt>
                <dd>{formatHours(data.total_hours, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('learning.course.subjects')}</dt>
                <dd>{data.nb_subjects}</dd>
              </div>
              <div>
                <dt>{t('learning.chapters')}</dt>
                <dd>{data.nb_chapters}</dd>
              </div>
              <div>
                <dt>{t('learning.course.year')}</dt>
                <dd>{formatAcademicYear(data.academic_year, i18n.language)}</dd>
              </div>
            </dl>
            {data.description && <p className="learning__intro">{data.description}</p>}
            <h2 className="learning__heading">{t('learning.modules')}</h2>
            {data.modules.length === 0 ? (
              <p className="learning__empty">{t('learning.noModule')}</p>
            ) : (
              <ul className="card learning-subject learning-plain-list">
                {data.modules.flatMap((module) =>
                  module.subjects.map((subject) => (
                    <li key={`${module.id}-${subject.id}`}>
                      <strong>{subject.name}</strong>
                      <span className="learning__muted">
                        {module.name} · {t('learning.coefficient', { value: subject.coefficient })}{' '}
                        · {formatHours(subject.hourly_volume, i18n.language)}
                      </span>
                    </li>
                  )),
                )}
              </ul>
            )}
          </>
        )
      }
    </CourseFrame>
  );
}

/**
 * `/event-activity/:id[/:episodeId[/:chapterId]]`: the content of the training; with a lesson
 * (the route's `episodeId`), its chapters; with a chapter, the reader.
 */
export function CourseActivityPage() {
  const params = useParams();
  const id = Number(params.id);
  const lessonId = Number(params.episodeId) || undefined;
  const chapterId = Number(params.chapterId) || undefined;
  const { data } = useMyTraining(id);
  const outline = pagePath('/event-activity/:id', { id });
  const lessonLink = (lesson: number) =>
    pagePath('/event-activity/:id/:episodeId', { id, episodeId: lesson });
  const chapterLink = (lesson: number, chapter: number) =>
    pagePath('/event-activity/:id/:episodeId/:chapterId', {
      id,
      episodeId: lesson,
      chapterId: chapter,
    });
  const tabs = data ? <CourseTabs trainingId={id} title={data.title} /> : null;
  if (lessonId && chapterId) {
    return (
      <ChapterReader
        id={chapterId}
        header={tabs}
        chapterLink={(chapter) => chapterLink(lessonId, chapter)}
        lessonLink={lessonLink}
      />
    );
  }
  if (lessonId) {
    return (
      <LessonView
        id={lessonId}
        header={tabs}
        chapterLink={(chapter) => chapterLink(lessonId, chapter)}
        back={{ to: outline, label: 'learning.course.activity' }}
      />
    );
  }
  return (
    <CourseFrame tab="activity">
      {() => data && <TrainingOutline training={data} lessonLink={lessonLink} />}
    </CourseFrame>
  );
}

/** `/event-resources/:id`: every resource of the training's chapters, by subject. */
export function CourseResourcesPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const resources = useMyTrainingResources(id);
  return (
    <CourseFrame tab="resources">
      {() =>
        !resources.data ? null : resources.data.data.length === 0 ? (
          <p className="learning__empty">{t('learning.course.noResource')}</p>
        ) : (
          <ul className="card learning-subject learning-plain-list">
            {resources.data.data.map((resource) => (
              <li key={`${resource.id}-${resource.subject.id}`}>
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
                <span className="learning__muted">
                  {resource.subject.name} ·{' '}
                  <Link to={`/event-activity/${id}/${resource.lesson.id}/${resource.chapter.id}`}>
                    {resource.chapter.title}
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </CourseFrame>
  );
}

/** `/event-evaluations/:id`: the training's evaluations with their status. */
export function CourseEvaluationsPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const evaluations = useMyTrainingEvaluations(id);
  return (
    <CourseFrame tab="evaluations">
      {() =>
        !evaluations.data ? null : evaluations.data.data.length === 0 ? (
          <p className="learning__empty">{t('learning.course.noEvaluation')}</p>
        ) : (
          <ul className="card learning-subject learning-plain-list">
            {evaluations.data.data.map((evaluation) => (
              <li key={evaluation.id}>
                <strong>{evaluation.title}</strong>
                <span className="learning__muted">
                  {t(`learning.course.type.${evaluation.type}`)} · {evaluation.subject.name} ·{' '}
                  {formatDay(evaluation.date, i18n.language)}
                  {evaluation.start_time && ` · ${evaluation.start_time.slice(0, 5)}`} ·{' '}
                  {t('learning.course.weight', { value: evaluation.percentage })}
                </span>
                <EvaluationStatusBadge status={evaluation.status} />
              </li>
            ))}
          </ul>
        )
      }
    </CourseFrame>
  );
}
