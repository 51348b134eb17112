import type { Evaluation } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { useWhen } from './when.tsx';

/** The fields every page of an evaluation shows, staff's and student's alike. */
type Described = Pick<
  Evaluation,
  | 'type'
  | 'date'
  | 'start_time'
  | 'end_time'
  | 'deadline'
  | 'time_zone'
  | 'duration_minutes'
  | 'percentage'
  | 'location'
  | 'organizer'
>;

/** A label and its value; a fact without a value is left out. */
export type Fact = [label: string, value: string | null];

/**
 * What an evaluation is, as a list of facts: its type, when, how long, its weight, where and by
 * whom, then what the page adds (`extra`).
 */
export function EvaluationFacts({
  evaluation,
  extra = [],
}: {
  evaluation: Described;
  extra?: Fact[];
}) {
  const { t } = useTranslation();
  const when = useWhen();
  const facts: Fact[] = [
    [t('evaluations.fields.type'), t(`evaluations.type.${evaluation.type}`)],
    [t('evaluations.fields.when'), when(evaluation)],
    [
      t('evaluations.fields.duration'),
      evaluation.duration_minutes === null
        ? null
        : t('evaluations.minutes', { count: evaluation.duration_minutes }),
    ],
    [t('evaluations.fields.percentage'), `${evaluation.percentage} %`],
    [t('evaluations.fields.location'), evaluation.location],
    [t('evaluations.fields.organizer'), evaluation.organizer],
    ...extra,
  ];
  return (
    <dl className="manage-facts">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
