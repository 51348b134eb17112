import {
  formatAverage,
  type PrintedTranscript,
  type PrintedTranscriptSubject,
  promotionLabel,
} from '@skolar/shared';
import { Calculator } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../ui/notice.tsx';
import { formatNumber, onScale, overallSum, subjectSum } from './computation.ts';
import '../../ui/cohorts.css';
import './transcript.css';
import { formatDay } from '../../lib/format.ts';

/**
 * A transcript as a reader sees it: who and which year, the overall average by coefficient, each
 * subject's rows and weighted average, the program's levels, the notes, and the sums behind it.
 * `toolbar` holds the screen's own controls (year, download).
 */
export function TranscriptView({
  transcript,
  toolbar,
  headingLevel = 2,
}: {
  /** A student's transcript, or what a verified document printed (the same without ids). */
  transcript: PrintedTranscript;
  toolbar?: ReactNode;
  /** 2 on its own page, 3 inside another page's section. */
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const hasPending = transcript.subjects.some((s) => s.evaluations.some((e) => e.pending));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="transcript">
      <section className="card transcript-summary" aria-label={t('transcript.summary')}>
        <dl className="transcript-facts">
          <div>
            <dt>{t('transcript.institution')}</dt>
            <dd>{transcript.institution.name}</dd>
          </div>
          <div>
            <dt>{t('transcript.promotion')}</dt>
            <dd>{promotionLabel(transcript.promotion)}</dd>
          </div>
          <div>
            <dt>{t('transcript.program')}</dt>
            <dd>{transcript.program.name}</dd>
          </div>
          <div>
            <dt>{t('transcript.levels')}</dt>
            <dd>
              {transcript.levels.length === 0 ? (
                '—'
              ) : (
                <ul className="transcript-levels">
                  {transcript.levels.map((level) => (
                    <li
                      key={level}
                      className={`badge${level === transcript.promotion.level ? ' transcript-levels__current' : ''}`}
                      aria-current={level === transcript.promotion.level ? 'true' : undefined}
                    >
                      {level}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
        <div className="transcript-overall">
          <p className="transcript-overall__label">{t('transcript.overall')}</p>
          <p className="transcript-overall__value">
            {transcript.average === null ? (
              <span className="transcript-muted">{t('transcript.noAverage')}</span>
            ) : (
              <>
                <strong>{formatAverage(transcript.average, locale)}</strong>
                <span> / 20</span>
              </>
            )}
          </p>
          <p className="transcript-muted">{t('transcript.overallHint')}</p>
        </div>
        {toolbar && <div className="transcript-toolbar">{toolbar}</div>}
      </section>

      <div className="transcript-notes">
        <Notice kind="info">{t('transcript.changeNote')}</Notice>
        {hasPending && <Notice kind="info">{t('transcript.pendingNote')}</Notice>}
      </div>

      {transcript.subjects.length === 0 ? (
        <p className="card transcript-empty">{t('transcript.empty')}</p>
      ) : (
        // A printed transcript has no ids: a subject is known by its name and coefficient.
        transcript.subjects.map((subject) => (
          <SubjectCard
            key={`${subject.name}|${subject.coefficient}`}
            subject={subject}
            Heading={Heading}
          />
        ))
      )}

      <details className="card transcript-how">
        <summary>
          <Calculator size={16} aria-hidden="true" />
          {t('transcript.how.title')}
        </summary>
        <p>{t('transcript.how.subjects')}</p>
        <ul>
          {transcript.subjects.map((subject) => {
            const sum = subjectSum(subject, locale);
            return (
              <li key={`${subject.name}|${subject.coefficient}`}>
                <strong>{subject.name}</strong>:{' '}
                {sum === null ? (
                  t('transcript.how.none')
                ) : (
                  <code>
                    {sum} = {formatAverage(subject.average, locale)}
                  </code>
                )}
              </li>
            );
          })}
        </ul>
        <p>{t('transcript.how.overall')}</p>
        <p>
          {(() => {
            const sum = overallSum(transcript, locale);
            return sum === null ? (
              t('transcript.how.none')
            ) : (
              <code>
                {sum} = {formatAverage(transcript.average, locale)}
              </code>
            );
          })()}
        </p>
        <p className="transcript-muted">{t('transcript.how.rounding')}</p>
      </details>
    </div>
  );
}

function SubjectCard({
  subject,
  Heading,
}: {
  subject: PrintedTranscriptSubject;
  Heading: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const locale = i18n.language;
  const columns = {
    evaluation: t('transcript.columns.evaluation'),
    date: t('transcript.columns.date'),
    percentage: t('transcript.columns.percentage'),
    grade: t('transcript.columns.grade'),
    outOf20: t('transcript.columns.outOf20'),
  };
  return (
    <section className="card transcript-subject" aria-labelledby={headingId}>
      <header className="transcript-subject__head">
        <Heading id={headingId}>{subject.name}</Heading>
        <p className="transcript-subject__meta">
          <span>
            {t('transcript.coefficient', { value: formatNumber(subject.coefficient, locale) })}
          </span>
          <span className="transcript-subject__average">
            {t('transcript.subjectAverage')}{' '}
            <strong>
              {subject.average === null ? '—' : `${formatAverage(subject.average, locale)} / 20`}
            </strong>
          </span>
        </p>
      </header>
      <table className="transcript-table">
        <thead>
          <tr>
            <th scope="col">{columns.evaluation}</th>
            <th scope="col">{columns.date}</th>
            <th scope="col" className="transcript-num">
              {columns.percentage}
            </th>
            <th scope="col" className="transcript-num">
              {columns.grade}
            </th>
            <th scope="col" className="transcript-num">
              {columns.outOf20}
            </th>
          </tr>
        </thead>
        <tbody>
          {subject.evaluations.map((row) => (
            <tr
              key={`${row.title}|${row.date}|${row.type}`}
              className={row.pending ? 'transcript-row--pending' : ''}
            >
              <th scope="row" data-label={columns.evaluation}>
                <span>{row.title}</span>{' '}
                <span className="transcript-muted">({t(`transcript.type.${row.type}`)})</span>
              </th>
              <td data-label={columns.date}>{formatDay(row.date, locale)}</td>
              <td data-label={columns.percentage} className="transcript-num">
                {formatNumber(row.percentage, locale)} %
              </td>
              <td data-label={columns.grade} className="transcript-num">
                {row.absent ? (
                  <span className="badge badge--danger">{t('transcript.absent')}</span>
                ) : row.pending ? (
                  <span className="badge badge--muted">{t('transcript.pending')}</span>
                ) : (
                  onScale(row.grade!, row.scale, locale)
                )}
              </td>
              <td data-label={columns.outOf20} className="transcript-num">
                {row.normalised === null ? '—' : formatAverage(row.normalised, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
