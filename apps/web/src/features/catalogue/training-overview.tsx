import type { PublicTrainingDetails } from '@skolar/shared';
import { Clock, GraduationCap, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatHours } from '../../lib/format.ts';

/**
 * What a public training is: level, hours and module count, its description and its programme.
 * Shared by the public page (headings h2) and the preview dialog over the catalogue (h3).
 */
export function TrainingOverview({
  training,
  Heading,
}: {
  training: PublicTrainingDetails;
  Heading: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <ul className="training-details__facts">
        <li>
          <GraduationCap aria-hidden="true" size={16} />
          {t('public.details.level', { level: training.level })}
        </li>
        <li>
          <Clock aria-hidden="true" size={16} />
          {t('public.details.hours', { hours: formatHours(training.total_hours, i18n.language) })}
        </li>
        <li>
          <Layers aria-hidden="true" size={16} />
          {t('public.details.moduleCount', { count: training.modules.length })}
        </li>
      </ul>
      <Heading>{t('public.details.description')}</Heading>
      <p className="training-details__description">
        {training.description || t('public.details.noDescription')}
      </p>
      <Heading>{t('public.details.modules')}</Heading>
      {training.modules.length ? (
        <ol className="training-details__modules">
          {training.modules.map((module) => (
            <li key={module.id}>
              <strong>{module.name}</strong>
              {module.description && <span>{module.description}</span>}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted">{t('public.details.noModules')}</p>
      )}
    </>
  );
}
