import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import {
  archiveLesson,
  deleteLesson,
  lessonKeys,
  orderChapters,
  pathsOf,
  useLesson,
} from './api.ts';
import { ChapterOrder } from './chapter-order.tsx';
import { ContentActions } from './lesson-actions.tsx';
import '../../ui/management.css';
import './lessons.css';

/** `/:moduleId/:subjectId/lessons/:lessonId`: a lesson, its chapters in order, its actions. */
export function LessonPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.lessonId);
  const paths = pathsOf(params.moduleId ?? 0, params.subjectId ?? 0);
  const client = useQueryClient();
  const { data: lesson, isError } = useLesson(id);
  usePageTitle(lesson?.title ?? t('lessons.title'));
  const reorder = async (ids: number[]) => {
    try {
      await orderChapters(id, ids);
      await client.invalidateQueries({ queryKey: lessonKeys.one(id) });
    } catch (error) {
      toastError(error);
      throw error;
    }
  };
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('lessons.title')}
        title={lesson?.title ?? '…'}
        back={{ to: paths.subject, label: t('lessons.backToSubject') }}
        actions={
          lesson && (
            <>
              {lesson.can.update && (
                <Link to={paths.editLesson(id)} className="button button--primary">
                  <Pencil size={16} aria-hidden="true" />
                  {t('manage.edit')}
                </Link>
              )}
              <ContentActions
                name={lesson.title}
                can={lesson.can}
                archived={lesson.archived_at !== null}
                setArchived={(archived) => archiveLesson(id, archived)}
                remove={() => deleteLesson(id)}
                afterDelete={paths.subject}
              />
            </>
          )
        }
      >
        {lesson?.archived_at && (
          <span className="badge manage-badge--archived">{t('manage.archivedBadge')}</span>
        )}
      </PageHeader>
      {isError && <p className="notice notice--error">{t('lessons.notFound')}</p>}
      {lesson && (
        <>
          <section className="card manage-detail" aria-label={t('lessons.fields.summary')}>
            <p>{lesson.summary || t('lessons.noSummary')}</p>
          </section>
          <section className="card manage-detail" aria-labelledby="lesson-chapters">
            <div className="lesson-section__head">
              <h2 id="lesson-chapters">{t('lessons.chapters', { count: lesson.nb_chapters })}</h2>
              {lesson.can.update && (
                <Link to={paths.addChapter(id)} className="button button--ghost button--small">
                  <Plus size={16} aria-hidden="true" />
                  {t('chapters.add')}
                </Link>
              )}
            </div>
            {lesson.chapters.length === 0 ? (
              <p className="lesson-muted">{t('chapters.empty')}</p>
            ) : (
              <>
                {lesson.can.update && <p className="lesson-muted">{t('lessons.order.hint')}</p>}
                <ChapterOrder
                  items={lesson.chapters}
                  hrefOf={(chapterId) => paths.chapter(id, chapterId)}
                  onReorder={lesson.can.update ? reorder : undefined}
                />
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
