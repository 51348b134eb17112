import type { QuizStatistics } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { useQuizStatistics } from '../../../api/exams.ts';
import { Notice } from '../../../ui/notice.tsx';
import { questionLabel } from './test-page.tsx';

type Row = QuizStatistics['questions'][number];

/** A figure to a tenth of a percent, or a dash when there is too little to compute it. */
function usePercent() {
  const { i18n } = useTranslation();
  return (value: number | null) =>
    value === null
      ? '—'
      : new Intl.NumberFormat(i18n.language, {
          style: 'percent',
          maximumFractionDigits: 1,
        }).format(value);
}

/** Points to the hundredth, or a dash. */
function usePoints() {
  const { i18n } = useTranslation();
  return (value: number | null) =>
    value === null
      ? '—'
      : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
}

/** How often each response was given, the ones that earn points marked. */
function Responses({ row, attempts }: { row: Row; attempts: number }) {
  const { t } = useTranslation();
  const percent = usePercent();
  if (row.responses.length === 0) return null;
  return (
    <details className="exam-stats__responses">
      <summary>{t('exams.stats.responses')}</summary>
      <ul>
        {row.responses.map((response) => (
          <li key={response.label}>
            <span className={response.credit ? 'exam-key' : undefined}>{response.label}</span>{' '}
            <span className="exam-question__points">
              {t('exams.stats.given', {
                count: response.count,
                share: percent(attempts > 0 ? response.count / attempts : null),
              })}
              {response.credit && ` · ${t('exams.stats.credit')}`}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The quiz's statistics for those who mark it (decision 189): the test's figures, and each
 * question's facility, spread and discrimination, with what to look at flagged and how often each
 * response was given.
 */
export function QuizStatisticsPanel({ evaluationId }: { evaluationId: number }) {
  const { t } = useTranslation();
  const { data, error } = useQuizStatistics(evaluationId);
  const percent = usePercent();
  const points = usePoints();
  const ofTotal = (value: number | null) =>
    value === null || !data?.max_points ? null : value / data.max_points;
  return (
    <section className="card exam-panel" aria-labelledby="exam-stats-title">
      <h2 id="exam-stats-title">{t('exams.stats.title')}</h2>
      {error && <Notice kind="error">{error.message}</Notice>}
      {data && data.attempts === 0 && <p>{t('exams.stats.none')}</p>}
      {data && data.attempts > 0 && (
        <>
          <dl className="exam-stats__figures">
            <div>
              <dt>{t('exams.stats.attempts')}</dt>
              <dd>{data.attempts}</dd>
            </div>
            <div>
              <dt>{t('exams.stats.mean')}</dt>
              <dd>
                {points(data.mean)} / {points(data.max_points)} ({percent(ofTotal(data.mean))})
              </dd>
            </div>
            <div>
              <dt>{t('exams.stats.median')}</dt>
              <dd>
                {points(data.median)} ({percent(ofTotal(data.median))})
              </dd>
            </div>
            <div>
              <dt>{t('exams.stats.sd')}</dt>
              <dd>
                {points(data.sd)} ({percent(ofTotal(data.sd))})
              </dd>
            </div>
            <div>
              <dt>{t('exams.stats.alpha')}</dt>
              <dd>{percent(data.alpha)}</dd>
            </div>
          </dl>
          <p className="exam-stats__help">{t('exams.stats.help')}</p>
          <div className="exam-table exam-stats__table">
            <table>
              <caption className="sr-only">{t('exams.stats.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('exams.stats.question')}</th>
                  <th scope="col">{t('exams.stats.facility')}</th>
                  <th scope="col">{t('exams.stats.itemSd')}</th>
                  <th scope="col">{t('exams.stats.discrimination')}</th>
                </tr>
              </thead>
              <tbody>
                {data.questions.map((row) => (
                  <tr key={row.question_id}>
                    <th scope="row">
                      {t('exams.run.questionNumber', { number: row.number })} {questionLabel(row)}
                      {row.flags.map((flag) => (
                        <span key={flag} className="exam-stats__flag">
                          {t(`exams.stats.flags.${flag}`)}
                        </span>
                      ))}
                      {row.awaiting > 0 && (
                        <span className="exam-stats__note">
                          {' '}
                          {t('exams.stats.awaiting', { count: row.awaiting })}
                        </span>
                      )}
                      <Responses row={row} attempts={data.attempts} />
                    </th>
                    <td data-label={t('exams.stats.facility')}>{percent(row.facility)}</td>
                    <td data-label={t('exams.stats.itemSd')}>{percent(row.sd)}</td>
                    <td data-label={t('exams.stats.discrimination')}>
                      {percent(row.discrimination)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
