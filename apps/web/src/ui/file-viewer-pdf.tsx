import { ChevronDown, ChevronUp, MoveHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
// The worker is emitted as a file of its own and fetched from this origin (CSP worker-src 'self').
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile, useLoaded } from './file-viewer-load.ts';
import { DownloadLink, ViewerError, ViewerLoading, ViewerScroll } from './file-viewer-parts.tsx';

type PageOverlay = (page: number, size: { width: number; height: number }) => ReactNode;

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type DocumentOptions = NonNullable<Parameters<Pdfjs['getDocument']>[0]>;

/**
 * PDF.js's options under the app's Content-Security-Policy (apps/api/src/app.ts). PDF.js 6 has no
 * `eval` path left (its `isEvalSupported` option is gone); what remains to settle:
 */
const DOCUMENT_OPTIONS = {
  // script-src has no 'wasm-unsafe-eval': compiling WebAssembly would be refused and reported.
  // PDF.js computes PostScript functions in JavaScript instead, and decodes JBIG2, CCITT fax and
  // JPEG 2000 images (often in scans) with the JavaScript builds served under /pdfjs/wasm/
  // (vite.config.ts emits them beside the app).
  useWasm: false,
  wasmUrl: '/pdfjs/wasm/',
  // A font the PDF does not embed (Helvetica, Times…): PDF.js's own standard fonts, from this origin.
  standardFontDataUrl: '/pdfjs/standard_fonts/',
  useSystemFonts: false,
  // Embedded fonts load through the FontFace API from bytes (no fetch, so no font-src check), or as
  // a data: URL (font-src allows data:): font faces stay on, for real glyphs.
  disableFontFace: false,
} satisfies DocumentOptions;

/**
 * PDF.js's legacy build: the same API, with polyfills for what the modern build takes from the
 * newest engines (Map.prototype.getOrInsertComputed, Math.sumPrecise…), so a school's older
 * tablet still draws pages. Loaded on the first PDF only; its own chunk.
 */
let pdfjs: Promise<Pdfjs> | null = null;
function loadPdfjs(): Promise<Pdfjs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs').then(
    (module) => {
      module.GlobalWorkerOptions.workerSrc = workerUrl;
      return module;
    },
    (error: unknown) => {
      pdfjs = null;
      throw error;
    },
  );
  return pdfjs;
}

/** The PDF's pages, fetched with the user's cookies and opened by PDF.js. */
async function openPdf(url: string, signal: AbortSignal): Promise<PDFPageProxy[]> {
  const [lib, response] = await Promise.all([loadPdfjs(), fetchFile(url, signal)]);
  const data = new Uint8Array(await response.arrayBuffer());
  const task = lib.getDocument({ ...DOCUMENT_OPTIONS, data });
  // Leaving (or retrying) frees the document and its worker, while it opens or once it is open.
  const destroy = () => void task.destroy();
  if (signal.aborted) destroy();
  else signal.addEventListener('abort', destroy, { once: true });
  const document = await task.promise;
  return Promise.all(
    Array.from({ length: document.numPages }, (_, index) => document.getPage(index + 1)),
  );
}

/** Zoom steps, as a factor of the width that fits. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];
/** Room around the pages, in CSS pixels (file-viewer.css: .file-viewer__pages's padding). */
const PAGE_MARGIN = 12;
/** The largest canvas the browsers draw (iOS Safari's limit): a page's pixels stay under it. */
const MAX_CANVAS_PIXELS = 16_777_216;
/** A window resized by dragging renders the pages once it rests. */
const RESIZE_DELAY_MS = 120;

/** The screen's pixels per CSS pixel, following a move to another screen or a browser zoom. */
function useDevicePixelRatio(): number {
  const [ratio, setRatio] = useState(() => window.devicePixelRatio || 1);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(resolution: ${ratio}dppx)`);
    const update = () => setRatio(window.devicePixelRatio || 1);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [ratio]);
  return ratio;
}

/** Empties a page's slot, giving its canvas's memory back at once (Safari keeps it otherwise). */
function release(slot: HTMLElement) {
  for (const canvas of slot.querySelectorAll('canvas')) {
    canvas.width = 0;
    canvas.height = 0;
  }
  slot.replaceChildren();
}

interface PdfPageProps {
  page: PDFPageProxy;
  number: number;
  scale: number;
  /** Near the visible part of the scroll area: drawn; far from it: its canvas is freed. */
  near: boolean;
  pixelRatio: number;
  overlay?: PageOverlay;
}

/**
 * One page: a box at the page's size (so the scroll area keeps its length before a page is drawn),
 * a canvas drawn off-screen then swapped in (zooming never flashes a blank page), and the overlay.
 */
function PdfPage({ page, number, scale, near, pixelRatio, overlay }: PdfPageProps) {
  const { t } = useTranslation();
  const slotRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { width, height } = page.getViewport({ scale });

  useEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    if (!near) {
      release(slot);
      return;
    }
    const viewport = page.getViewport({ scale });
    const ratio = Math.min(
      pixelRatio,
      Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)),
    );
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    let settled = false;
    const task = page.render({
      canvas,
      viewport,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    task.promise.then(
      () => {
        settled = true;
        release(slot);
        slot.append(canvas);
        setFailed(false);
      },
      (error: unknown) => {
        settled = true;
        canvas.width = 0;
        canvas.height = 0;
        if ((error as Error | undefined)?.name !== 'RenderingCancelledException') setFailed(true);
      },
    );
    return () => {
      if (!settled) task.cancel();
    };
  }, [page, scale, near, pixelRatio]);

  return (
    <div className="file-viewer__page" data-page={number} style={{ width, height }}>
      <div
        ref={slotRef}
        className="file-viewer__canvas"
        role="img"
        aria-label={t('fileViewer.page', { page: number })}
      />
      {failed && <p className="file-viewer__page-error">{t('fileViewer.pageError')}</p>}
      {overlay && <div className="file-viewer__overlay">{overlay(number, { width, height })}</div>}
    </div>
  );
}

function PdfPages({
  pages,
  url,
  fileName,
  overlay,
}: {
  pages: PDFPageProxy[];
  url: string;
  fileName: string;
  overlay?: PageOverlay;
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const pixelRatio = useDevicePixelRatio();
  /** The scroll area's inner width; null before it is known (or where there is no layout). */
  const [areaWidth, setAreaWidth] = useState<number | null>(null);
  const [zoom, setZoom] = useState(1);
  const [current, setCurrent] = useState(1);
  /** The pages near the view (all of them where IntersectionObserver is missing). */
  const [near, setNear] = useState<ReadonlySet<number> | null>(() =>
    typeof IntersectionObserver === 'undefined' ? null : new Set(),
  );
  /** Where the view is, kept across a change of scale: its top (vertically), its middle (across). */
  const anchor = useRef({ top: 0, middle: 0.5 });
  const frame = useRef(0);

  const pageWidth = useMemo(
    () => Math.max(...pages.map((page) => page.getViewport({ scale: 1 }).width)),
    [pages],
  );
  const fit =
    areaWidth && areaWidth > 2 * PAGE_MARGIN ? (areaWidth - 2 * PAGE_MARGIN) / pageWidth : 1;
  const scale = fit * zoom;

  // Fit the width: measured at once, then again when it changes (debounced while dragging).
  useLayoutEffect(() => {
    const area = scrollRef.current;
    if (!area) return;
    setAreaWidth(area.clientWidth || null);
    if (typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setAreaWidth(area.clientWidth || null), RESIZE_DELAY_MS);
    });
    observer.observe(area);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);

  // Draw the pages near the view only: a long PDF does not hold hundreds of canvases.
  useEffect(() => {
    const area = scrollRef.current;
    const list = pagesRef.current;
    if (!area || !list || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) =>
        setNear((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            const number = Number((entry.target as HTMLElement).dataset.page);
            if (entry.isIntersecting) next.add(number);
            else next.delete(number);
          }
          return next;
        }),
      { root: area, rootMargin: '100% 0px' },
    );
    for (const page of list.children) observer.observe(page);
    return () => observer.disconnect();
  }, []);

  // A new scale keeps the same part of the document in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the scale has changed the layout.
  useLayoutEffect(() => {
    const area = scrollRef.current;
    if (!area) return;
    area.scrollTop = anchor.current.top * area.scrollHeight;
    area.scrollLeft = anchor.current.middle * area.scrollWidth - area.clientWidth / 2;
  }, [scale]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  /** The page at a third of the view's height; the last one once the end is reached. */
  const updateCurrent = () => {
    const area = scrollRef.current;
    const list = pagesRef.current;
    if (!area || !list) return;
    if (area.scrollTop > 0 && area.scrollTop + area.clientHeight >= area.scrollHeight - 1) {
      setCurrent(pages.length);
      return;
    }
    const probe = area.scrollTop + area.clientHeight / 3;
    let page = 1;
    for (const element of list.children) {
      if ((element as HTMLElement).offsetTop > probe) break;
      page = Number((element as HTMLElement).dataset.page);
    }
    setCurrent(page);
  };

  const onScroll = () => {
    const area = scrollRef.current;
    if (!area || area.scrollHeight === 0) return;
    anchor.current = {
      top: area.scrollTop / area.scrollHeight,
      middle: (area.scrollLeft + area.clientWidth / 2) / area.scrollWidth,
    };
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(updateCurrent);
  };

  const goTo = (page: number) => {
    const area = scrollRef.current;
    const element = pagesRef.current?.querySelector<HTMLElement>(`[data-page="${page}"]`);
    if (!area || !element) return;
    area.scrollTop = Math.max(0, element.offsetTop - PAGE_MARGIN);
    setCurrent(page);
  };

  const zoomIndex = ZOOMS.indexOf(zoom);
  const canZoomOut = zoomIndex > 0;
  const canZoomIn = zoomIndex < ZOOMS.length - 1;
  const zoomTo = (index: number) => {
    const next = ZOOMS[index];
    if (next !== undefined) setZoom(next);
  };

  return (
    <>
      <div className="file-viewer__bar">
        <div className="file-viewer__group">
          <button
            type="button"
            className="icon-button"
            aria-label={t('fileViewer.previousPage')}
            aria-disabled={current <= 1}
            onClick={() => current > 1 && goTo(current - 1)}
          >
            <ChevronUp size={18} aria-hidden="true" />
          </button>
          <span className="file-viewer__page-count">
            {t('fileViewer.pageOf', { page: current, pages: pages.length })}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('fileViewer.nextPage')}
            aria-disabled={current >= pages.length}
            onClick={() => current < pages.length && goTo(current + 1)}
          >
            <ChevronDown size={18} aria-hidden="true" />
          </button>
        </div>
        <div className="file-viewer__group">
          <button
            type="button"
            className="icon-button"
            aria-label={t('fileViewer.zoomOut')}
            aria-disabled={!canZoomOut}
            onClick={() => canZoomOut && zoomTo(zoomIndex - 1)}
          >
            <ZoomOut size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('fileViewer.zoomIn')}
            aria-disabled={!canZoomIn}
            onClick={() => canZoomIn && zoomTo(zoomIndex + 1)}
          >
            <ZoomIn size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('fileViewer.fitWidth')}
            aria-pressed={zoom === 1}
            onClick={() => setZoom(1)}
          >
            <MoveHorizontal size={18} aria-hidden="true" />
          </button>
        </div>
        <DownloadLink url={url} fileName={fileName} />
      </div>
      <ViewerScroll ref={scrollRef} fileName={fileName} onScroll={onScroll}>
        <div ref={pagesRef} className="file-viewer__pages">
          {pages.map((page, index) => (
            <PdfPage
              key={page.pageNumber}
              page={page}
              number={index + 1}
              scale={scale}
              near={near === null || near.has(index + 1)}
              pixelRatio={pixelRatio}
              overlay={overlay}
            />
          ))}
        </div>
      </ViewerScroll>
    </>
  );
}

/** A PDF drawn by PDF.js, every page one under the other, fitting the width, with zoom. */
export function PdfView({
  url,
  fileName,
  overlay,
}: {
  url: string;
  fileName: string;
  overlay?: PageOverlay;
}) {
  const { state, retry } = useLoaded((signal) => openPdf(url, signal));
  if (state.status === 'loading') return <ViewerLoading fileName={fileName} />;
  if (state.status === 'error')
    return <ViewerError url={url} fileName={fileName} onRetry={retry} />;
  return <PdfPages pages={state.value} url={url} fileName={fileName} overlay={overlay} />;
}
