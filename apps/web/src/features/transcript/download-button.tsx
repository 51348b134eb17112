import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTranscriptPdf } from '../../api/transcript.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { Notice } from '../../ui/notice.tsx';

/** Downloads the transcript's PDF and says which verification code is printed on it. */
export function DownloadPdfButton({ path }: { path: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'done'; code: string | null }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  async function download() {
    setState({ kind: 'busy' });
    try {
      const { code } = await downloadTranscriptPdf(path);
      setState({ kind: 'done', code });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error) });
    }
  }
  return (
    <div className="transcript-download">
      <button
        type="button"
        className="button button--primary"
        onClick={download}
        disabled={state.kind === 'busy'}
        aria-busy={state.kind === 'busy'}
      >
        <Download size={16} aria-hidden="true" />
        {state.kind === 'busy' ? t('transcript.downloading') : t('transcript.download')}
      </button>
      {state.kind === 'done' && state.code && (
        <Notice kind="success">{t('transcript.downloaded', { code: state.code })}</Notice>
      )}
      {state.kind === 'error' && <Notice kind="error">{state.message}</Notice>}
    </div>
  );
}
