import { GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyTrainings } from '../../api/learning.ts';
import { formatAcademicYear, formatHours } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { useErrorToast } from '../../ui/toast-error.ts';
import './learning.css';

/** `/student/trainings`: the trainings of the student's promotions, each with its progress. */
export function TrainingsPage() {
  const { t, i18n } = useTranslation();
  const trainings = useMyTrainings();
  useErrorToast(trainings.isError, 'my-trainings-error');
  usePageTitle(t('learning.trainings'));
  return (
    <div className="container page learning">
      <PageHeader eyebrow={t('learning.eyebrow')} title={t('learning.trainings')} />
      {!trainings.data ? (
        <p className="learning__muted">{t('app.loading')}</p>
      ) : trainings.data.data.length === 0 ? (
        <p className="learning__empty">{t('learning.noTraining')}</p>
      ) : (
        <ul className="learning-cards">
          {trainings.data.data.map((training) => (
            <li key={training.id} className="card learning-card">
              <div
                className="learning-card__cover"
                style={
                  training.cover_link
                    ? { backgroundImage: `url(${training.cover_link})` }
                    : undefined
                }
                aria-hidden="true"
              >
                {!training.cover_link && <GraduationCap size={32} />}
              </div>
              <div className="learning-card__body">
                <p className="page__eyebrow">
                  {training.program} · {training.level} ·{' '}
                  {formatAcademicYear(training.academic_year, i18n.language)}
                </p>
                <h2>
                  <Link to={`/student/trainings/${training.id}`} className="learning-card__link">
                    {training.title}
                  </Link>
                </h2>
                <p className="learning__muted">
                  {t('learning.subjectCount', { count: training.nb_subjects })} ·{' '}
                  {formatHours(training.total_hours, i18n.language)}
                </p>
                <ProgressBar
                  value={training.progress}
                  label={t('learning.progressOf', { name: training.title })}
                  detail={t('learning.chapterCount', {
                    done: training.nb_done,
                    count: training.nb_chapters,
                  })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
