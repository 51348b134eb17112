import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transcriptPath, useMyTranscript } from '../../api/transcript.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { DownloadPdfButton } from './download-button.tsx';
import { PromotionSelect } from './promotion-select.tsx';
import { TranscriptView } from './transcript-view.tsx';

/** `/transcript`: the student's weighted transcript from published grades, and its PDF. */
export function TranscriptPage() {
  const { t } = useTranslation();
  usePageTitle(t('transcript.title'));
  const [promotionId, setPromotionId] = useState<number | undefined>();
  const { data, error } = useMyTranscript(promotionId);
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('transcript.eyebrow')} title={t('transcript.title')} />
      {error ? (
        error instanceof ApiError && error.status === 404 ? (
          <Notice kind="info">{t('transcript.noTranscript')}</Notice>
        ) : (
          <Notice kind="error">{errorMessage(error)}</Notice>
        )
      ) : !data ? (
        <p className="cohort-muted">{t('app.loading')}</p>
      ) : (
        <TranscriptView
          transcript={data}
          toolbar={
            <>
              <PromotionSelect transcript={data} onChange={setPromotionId} />
              <DownloadPdfButton path={transcriptPath({}, data.promotion.id, true)} />
            </>
          }
        />
      )}
    </div>
  );
}
