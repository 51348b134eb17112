import { readableOn } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../lib/theme.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useErrorToast } from '../../ui/toast-error.ts';
import { groupByInstitution, usePublicTrainings } from './api.ts';
import { CardRow, CardRowSkeleton } from './card-row.tsx';
import { InstitutionMark } from './institution-mark.tsx';

/** Institutions the grouped catalogue holds the place of while it loads (the number is unknown). */
const PLACEHOLDER_GROUPS = 2;

/**
 * The public trainings: on the catalogue page grouped per institution (logo mark and short name
 * in its colour, one row each); elsewhere one row with the full institution name on each card.
 * While the list loads, placeholders of the final size keep its place; a failure shows only the
 * error toast.
 */
export function TrainingsBlock({ grouped }: { grouped: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const trainings = usePublicTrainings();
  useErrorToast(trainings.isError, 'trainings-error');
  if (trainings.isPending) return <TrainingsSkeleton grouped={grouped} />;
  if (!trainings.data) return null;
  if (trainings.data.length === 0) {
    return <p className="catalogue__empty">{t('public.catalogue.empty')}</p>;
  }
  if (!grouped) {
    return <CardRow trainings={trainings.data} label={t('public.catalogue.title')} fullName />;
  }
  const surface = theme === 'dark' ? '#0F1114' : '#F6F7F9';
  return (
    <div className="catalogue__groups">
      {groupByInstitution(trainings.data).map(({ institution, trainings: items }) => (
        <section
          key={institution.id}
          className="catalogue__group"
          aria-labelledby={`inst-${institution.id}`}
        >
          <h2 className="catalogue__group-title" id={`inst-${institution.id}`}>
            <InstitutionMark institution={institution} height={32} lazy />
            <span style={{ color: readableOn(institution.color_code, surface) }}>
              {institution.diminutive ?? institution.name}
            </span>
            <span className="catalogue__group-count">
              {t('public.catalogue.count', { count: items.length })}
            </span>
          </h2>
          <CardRow trainings={items} label={institution.name} />
        </section>
      ))}
    </div>
  );
}

/**
 * The block's place while the trainings load: on the catalogue page a few groups (a title and a
 * row of placeholder cards each), elsewhere one row; busy for assistive technologies, which read
 * that it loads instead of the grey shapes.
 */
function TrainingsSkeleton({ grouped }: { grouped: boolean }) {
  const { t } = useTranslation();
  const status = <span className="sr-only">{t('public.catalogue.loading')}</span>;
  if (!grouped) {
    return (
      <div aria-busy="true">
        {status}
        <CardRowSkeleton />
      </div>
    );
  }
  return (
    <div className="catalogue__groups" aria-busy="true">
      {status}
      {Array.from({ length: PLACEHOLDER_GROUPS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder groups have no identity.
        <div key={index} className="catalogue__group" aria-hidden="true">
          <div className="catalogue__group-title">
            <Skeleton shape="block" width={32} height={32} />
            <Skeleton width="3em" />
            <Skeleton width="6em" className="catalogue__group-count" />
          </div>
          <CardRowSkeleton />
        </div>
      ))}
    </div>
  );
}
