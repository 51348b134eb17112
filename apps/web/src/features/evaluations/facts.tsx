import type { Evaluation } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format.ts';
import { useWhen } from './when.tsx';

/** The fields every page of an evaluation shows, staff's and student's alike. */
type Described = Pick<
  Evaluation,
  | 'type'
  | 'date'
  | 'start_time'
  | 'end_time'
  | 'deadline'
  | 'late_until'
  | 'late_penalty'
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
  const { t, i18n } = useTranslation();
  const when = useWhen();
  const lateUntil = evaluation.late_until
    ? new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: evaluation.time_zone,
      }).format(new Date(evaluation.late_until))
    : null;
  const facts: Fact[] = [
    [t('evaluations.fields.type'), t(`evaluations.type.${evaluation.type}`)],
    [t('evaluations.fields.when'), when(evaluation)],
    [
      t('evaluations.fields.duration'),
      evaluation.duration_minutes === null
        ? null
        : t('evaluations.minutes', { count: evaluation.duration_minutes }),
    ],
    // A project's late hand-ins: until when, and at what cost (decision 195).
    [
      t('evaluations.late.legend'),
      lateUntil &&
        (evaluation.late_penalty
          ? t('evaluations.late.factPenalty', {
              date: lateUntil,
              percent: formatNumber(evaluation.late_penalty, i18n.language),
            })
          : t('evaluations.late.fact', { date: lateUntil })),
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
