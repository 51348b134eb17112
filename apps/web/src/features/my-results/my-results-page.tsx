import { GraduationCap } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { type ResultsGrouping, ResultsList } from './results-list.tsx';

/** `/results`: the student's published grades with the class's figures, by subject or training. */
export function MyResultsPage() {
  const { t } = useTranslation();
  usePageTitle(t('myResults.title'));
  const selectId = useId();
  const [params, setParams] = useSearchParams();
  const groupBy: ResultsGrouping = params.get('by') === 'training' ? 'training' : 'subject';
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('myResults.eyebrow')}
        title={t('myResults.title')}
        actions={
          <Link to="/transcript" className="button button--ghost button--small">
            <GraduationCap size={16} aria-hidden="true" />
            {t('myResults.transcriptLink')}
          </Link>
        }
      />
      <p className="my-result__muted my-results__intro">{t('myResults.intro')}</p>
      <div className="field my-results__grouping">
        <label htmlFor={selectId} className="field__label">
          {t('myResults.groupBy')}
        </label>
        <select
          id={selectId}
          className="field__input"
          value={groupBy}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value === 'training') next.set('by', 'training');
            else next.delete('by');
            setParams(next, { replace: true });
          }}
        >
          <option value="subject">{t('myResults.bySubject')}</option>
          <option value="training">{t('myResults.byTraining')}</option>
        </select>
      </div>
      <ResultsList groupBy={groupBy} />
    </div>
  );
}
