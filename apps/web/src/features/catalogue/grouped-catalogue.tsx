import { readableOn } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../lib/theme.ts';
import { useErrorToast } from '../../ui/toast-error.ts';
import { groupByInstitution, usePublicTrainings } from './api.ts';
import { CardRow } from './card-row.tsx';
import { InstitutionMark } from './institution-mark.tsx';

/**
 * The public trainings: on the catalogue page grouped per institution (logo mark and short name
 * in its colour, one row each); elsewhere one row with the full institution name on each card.
 * Nothing renders until the list has loaded; a failure shows only the error toast.
 */
export function TrainingsBlock({ grouped }: { grouped: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const trainings = usePublicTrainings();
  useErrorToast(trainings.isError, 'trainings-error');
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
