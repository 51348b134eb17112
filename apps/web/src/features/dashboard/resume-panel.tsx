import { BookMarked, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResume } from '../../api/learning.ts';

/** "Continue where you left off": the chapter the student opened last, one click away. */
export function ResumePanel() {
  const { t } = useTranslation();
  const resume = useResume(true);
  if (!resume.data) return null;
  const chapter = resume.data.chapter;
  return (
    <section className="card dashboard__panel dashboard__resume" aria-labelledby="resume-title">
      <h2 id="resume-title">
        <BookMarked aria-hidden="true" size={18} />
        {t('learning.continueTitle')}
      </h2>
      {chapter ? (
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
        <p className="dashboard__empty">
          {t('learning.nothingToResume')}{' '}
          <Link to="/student/trainings">{t('learning.trainings')}</Link>
        </p>
      )}
    </section>
  );
}
