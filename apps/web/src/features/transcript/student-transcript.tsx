import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transcriptPath, useStudentTranscript } from '../../api/transcript.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { Notice } from '../../ui/notice.tsx';
import { DownloadPdfButton } from './download-button.tsx';
import { PromotionSelect } from './promotion-select.tsx';
import { TranscriptView } from './transcript-view.tsx';

/**
 * A student's transcript on their page for staff (`/students/:id`): what the student is told,
 * published grades only, with its PDF.
 */
export function StudentTranscript({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const [promotionId, setPromotionId] = useState<number | undefined>();
  const { data, error } = useStudentTranscript(studentId, promotionId);
  return (
    <section className="student-transcript" aria-labelledby="student-transcript-title">
      <h2 id="student-transcript-title">{t('transcript.staffTitle')}</h2>
      <p className="transcript-muted">{t('transcript.staffHint')}</p>
      {error ? (
        error instanceof ApiError && error.status === 404 ? (
          <Notice kind="info">{t('transcript.noStudentTranscript')}</Notice>
        ) : (
          <Notice kind="error">{errorMessage(error)}</Notice>
        )
      ) : !data ? (
        <p className="transcript-muted">{t('app.loading')}</p>
      ) : (
        <TranscriptView
          transcript={data}
          headingLevel={3}
          toolbar={
            <>
              <PromotionSelect transcript={data} onChange={setPromotionId} />
              <DownloadPdfButton path={transcriptPath({ studentId }, data.promotion.id, true)} />
            </>
          }
        />
      )}
    </section>
  );
}
