import { formatAverage, type MyResult } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { useMyResults } from '../../api/my-results.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import '../../ui/cohorts.css';
import './my-results.css';
import { formatDay, formatInstant } from '../../lib/format.ts';

export type ResultsGrouping = 'subject' | 'training';

/** A number as shown: two places at most, in the reader's language. */
const useNumber = () => {
  const { i18n } = useTranslation();
  return (value: number | null) => formatAverage(value, i18n.language);
};

/** One result: the grade on its scale and out of 20, the class's figures, the comment. */
function ResultItem({ result }: { result: MyResult }) {
  const { t, i18n } = useTranslation();
  const number = useNumber();
  const { evaluation } = result;
  const stats = result.class;
  return (
    <li className="my-result">
      <div className="my-result__head">
        <div className="my-result__what">
          <strong>{evaluation.title}</strong>
          <span className="my-result__muted">
            {t(`myResults.type.${evaluation.type}`)} · {formatDay(evaluation.date, i18n.language)} ·{' '}
            {t('myResults.weight', { value: number(evaluation.percentage) })}
          </span>
        </div>
        <p className="my-result__grade">
          {result.absent ? (
            <span className="badge badge--danger">{t('myResults.absent')}</span>
          ) : (
            <>
              <span className="my-result__value">
                {t('myResults.onScale', {
                  grade: number(result.grade),
                  scale: number(evaluation.scale),
                })}
              </span>
              {evaluation.scale !== 20 && (
                <span className="my-result__muted">
                  {t('myResults.outOf20', { grade: number(result.normalised) })}
                </span>
              )}
            </>
          )}
        </p>
      </div>
      {stats.average === null ? (
        <p className="my-result__muted my-result__class">
          {t('myResults.classHidden', { count: stats.count })}
        </p>
      ) : (
        <dl className="my-result__class" aria-label={t('myResults.classLabel')}>
          <div>
            <dt>{t('myResults.classAverage')}</dt>
            <dd>{number(stats.average)}/20</dd>
          </div>
          <div>
            <dt>{t('myResults.classMinimum')}</dt>
            <dd>{number(stats.minimum)}/20</dd>
          </div>
          <div>
            <dt>{t('myResults.classMaximum')}</dt>
            <dd>{number(stats.maximum)}/20</dd>
          </div>
          <div>
            <dt>{t('myResults.classCount')}</dt>
            <dd>{stats.count}</dd>
          </div>
        </dl>
      )}
      <p className="my-result__muted my-result__dates">
        {result.corrected_at ? (
          <>
            <span className="badge">{t('myResults.corrected')}</span>{' '}
            {t('myResults.correctedOn', {
              date: formatInstant(result.corrected_at, i18n.language),
              published: formatInstant(result.published_at, i18n.language, { dateStyle: 'medium' }),
            })}
          </>
        ) : (
          t('myResults.publishedOn', {
            date: formatInstant(result.published_at, i18n.language, { dateStyle: 'medium' }),
          })
        )}
      </p>
      {result.comment && (
        <blockquote className="my-result__comment">
          <span className="sr-only">{t('myResults.comment')} : </span>
          {result.comment}
        </blockquote>
      )}
    </li>
  );
}

/**
 * The student's published results grouped by subject or by training (the course page of a
 * training passes its id and shows that training's only), or the empty state.
 */
export function ResultsList({
  trainingId,
  groupBy = 'subject',
}: {
  trainingId?: number;
  groupBy?: ResultsGrouping;
}) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useMyResults(trainingId);
  if (error) return <p className="notice notice--error">{errorMessage(error)}</p>;
  if (isLoading || !data) return <p className="my-result__muted">{t('app.loading')}</p>;
  if (data.data.length === 0)
    return <p className="card my-results__empty">{t('myResults.empty')}</p>;
  const groups = new Map<string, { title: string; results: MyResult[] }>();
  for (const result of data.data) {
    const owner = groupBy === 'subject' ? result.evaluation.subject : result.evaluation.training;
    const key = String(owner.id);
    const title = 'name' in owner ? owner.name : owner.title;
    const group = groups.get(key) ?? { title, results: [] };
    group.results.push(result);
    groups.set(key, group);
  }
  const sorted = [...groups.entries()].sort(([, a], [, b]) => a.title.localeCompare(b.title));
  return (
    <div className="my-results">
      {sorted.map(([key, group]) => (
        <section key={key} className="card my-results__group" aria-labelledby={`results-${key}`}>
          <h2 id={`results-${key}`} className="my-results__title">
            {group.title}
          </h2>
          <ul className="my-results__list">
            {group.results.map((result) => (
              <ResultItem key={result.id} result={result} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
