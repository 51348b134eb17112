import { Download, RotateCw } from 'lucide-react';
import type { ReactNode, Ref, UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from './notice.tsx';
import { Skeleton } from './skeleton.tsx';

/** The file itself, under its own name: the way out when the preview is not enough. */
export function DownloadLink({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation();
  return (
    <a
      className="button button--ghost button--small file-viewer__download"
      href={url}
      download={fileName}
      aria-label={t('fileViewer.downloadName', { name: fileName })}
    >
      <Download size={16} aria-hidden="true" />
      <span>{t('fileViewer.download')}</span>
    </a>
  );
}

/**
 * The area the file scrolls in: focusable (a keyboard user scrolls it with the arrows and Page
 * Up/Down) and named after the file.
 */
export function ViewerScroll({
  fileName,
  children,
  ref,
  onScroll,
}: {
  fileName: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
  onScroll?: (event: UIEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      ref={ref}
      className="file-viewer__scroll"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so the keyboard scrolls it (WCAG 2.1.1)
      tabIndex={0}
      aria-label={t('fileViewer.region', { name: fileName })}
      onScroll={onScroll}
    >
      {children}
    </section>
  );
}

/** Grey shapes where the file will be, while it loads; the words are for screen readers. */
export function ViewerLoading({ fileName, lines = false }: { fileName: string; lines?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="file-viewer__state file-viewer__state--loading" aria-busy="true">
      <span className="sr-only">{t('fileViewer.loading', { name: fileName })}</span>
      {lines ? (
        <div className="file-viewer__skeleton-lines">
          <Skeleton width="40%" />
          <Skeleton width="75%" />
          <Skeleton width="60%" />
          <Skeleton width="85%" />
          <Skeleton width="30%" />
        </div>
      ) : (
        <Skeleton shape="block" className="file-viewer__skeleton-page" />
      )}
    </div>
  );
}

/** The file could not be fetched or read: say so, offer to try again, and the file itself. */
export function ViewerError({
  url,
  fileName,
  onRetry,
}: {
  url: string;
  fileName: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="file-viewer__state">
      <Notice kind="error">{t('fileViewer.error')}</Notice>
      <div className="file-viewer__actions">
        <button type="button" className="button button--primary button--small" onClick={onRetry}>
          <RotateCw size={16} aria-hidden="true" />
          {t('fileViewer.retry')}
        </button>
        <DownloadLink url={url} fileName={fileName} />
      </div>
    </div>
  );
}
