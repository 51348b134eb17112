import { FileQuestion } from 'lucide-react';
import { type JSX, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeView } from './file-viewer-code.tsx';
import { viewKind } from './file-viewer-kind.ts';
import { DownloadLink, ViewerError, ViewerScroll } from './file-viewer-parts.tsx';
import { PdfView } from './file-viewer-pdf.tsx';
import './file-viewer.css';

export interface FileViewerProps {
  /** Same-origin URL of the file bytes, e.g. `/api/files/12` (cookies authenticate it). */
  url: string;
  /** MIME type as stored by the server, e.g. 'application/pdf', 'image/png', 'text/plain'. */
  mime: string;
  /** The file's name, used to pick a highlighting language by extension and for the download link. */
  fileName: string;
  /** Drawn absolutely over each rendered PDF page (1-based page number, the page's CSS pixel size); for annotations later. */
  renderPageOverlay?: (page: number, size: { width: number; height: number }) => ReactNode;
}

/** A picture, fitting the width; the browser fetches it (with the cookies, same-origin). */
function ImageView({ url, fileName }: { url: string; fileName: string }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  if (failed) {
    const retry = () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    };
    return <ViewerError url={url} fileName={fileName} onRetry={retry} />;
  }
  return (
    <>
      <div className="file-viewer__bar">
        <DownloadLink url={url} fileName={fileName} />
      </div>
      <ViewerScroll fileName={fileName}>
        <img
          key={attempt}
          className="file-viewer__image"
          src={url}
          alt={fileName}
          onError={() => setFailed(true)}
        />
      </ViewerScroll>
    </>
  );
}

function NoPreview({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation();
  return (
    <div className="file-viewer__state file-viewer__state--none">
      <FileQuestion size={32} aria-hidden="true" className="file-viewer__state-icon" />
      <p>{t('fileViewer.noPreview')}</p>
      <DownloadLink url={url} fileName={fileName} />
    </div>
  );
}

/**
 * A file shown in the page, for reading and marking it: a PDF drawn page by page (PDF.js, loaded
 * on the first PDF), a picture, text or source code highlighted with its line numbers, or, for
 * anything else, a download link. Each view loads the file itself, says so while it does, and offers
 * to try again when that fails.
 */
export function FileViewer({
  url,
  mime,
  fileName,
  renderPageOverlay,
}: FileViewerProps): JSX.Element {
  const kind = viewKind(mime, fileName);
  return (
    <div className={`file-viewer file-viewer--${kind}`}>
      {kind === 'pdf' ? (
        <PdfView key={url} url={url} fileName={fileName} overlay={renderPageOverlay} />
      ) : kind === 'image' ? (
        <ImageView key={url} url={url} fileName={fileName} />
      ) : kind === 'text' ? (
        <CodeView key={url} url={url} mime={mime} fileName={fileName} />
      ) : (
        <NoPreview url={url} fileName={fileName} />
      )}
    </div>
  );
}
