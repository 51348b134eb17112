import { BookMarked, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResume } from '../../api/learning.ts';
import { Skeleton } from '../../ui/skeleton.tsx';

/**
 * "Continue where you left off": the chapter the student opened last, one click away. Both answers
 * are a line or two of text beside a button, and so is the placeholder while it loads: the panel
 * keeps its height and the dashboard below it does not move.
 */
export function ResumePanel() {
  const { t } = useTranslation();
  const resume = useResume(true);
  if (!resume.isPending && !resume.data) return null;
  const chapter = resume.data?.chapter;
  return (
    <section
      className="card dashboard__panel dashboard__resume"
      aria-labelledby="resume-title"
      aria-busy={resume.isPending || undefined}
    >
      <h2 id="resume-title">
        <BookMarked aria-hidden="true" size={18} />
        {t('learning.continueTitle')}
      </h2>
      {resume.isPending ? (
        <div className="dashboard__resume-body" aria-hidden="true">
          <div>
            <p className="page__eyebrow">
              <Skeleton width="12em" />
            </p>
            <strong className="dashboard__resume-title-skeleton">
              <Skeleton width="14em" />
            </strong>
          </div>
          <Skeleton shape="block" width="11em" height={48} />
        </div>
      ) : chapter ? (
        <div className="dashboard__resume-body">
          <div>
            <p className="page__eyebrow">
              {[chapter.subject?.name, chapter.lesson.title].filter(Boolean).join(' · ')}
            </p>
            <strong>
              {chapter.done && (
                <CheckCircle2
                  size={16}
                  aria-label={t('learning.done')}
                  className="dashboard__done"
                />
              )}
              {chapter.title}
            </strong>
          </div>
          <Link
            to={`/student/chapters/${chapter.id}${chapter.subject ? `?subjectId=${chapter.subject.id}` : ''}`}
            className="button button--primary"
          >
            {t('learning.continueAction')}
          </Link>
        </div>
      ) : (
        <div className="dashboard__resume-body">
          <p className="dashboard__empty">{t('learning.nothingToResume')}</p>
          <Link to="/student/trainings" className="button button--ghost">
            {t('learning.trainings')}
          </Link>
        </div>
      )}
    </section>
  );
}
