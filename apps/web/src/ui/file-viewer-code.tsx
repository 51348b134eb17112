import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, languageOf } from './file-viewer-kind.ts';
import { fetchFile, useLoaded } from './file-viewer-load.ts';
import { DownloadLink, ViewerError, ViewerLoading, ViewerScroll } from './file-viewer-parts.tsx';
import { Notice } from './notice.tsx';

/** Text beyond this many bytes is not shown (nor highlighted): the rest is a download away. */
const MAX_TEXT_BYTES = 1024 * 1024;

interface CodeFile {
  text: string;
  /** highlight.js's markup of the text, or null when the file is shown plain. */
  html: string | null;
  language: Language | null;
  truncated: boolean;
}

/** The first MAX_TEXT_BYTES of the answer's body (reading no further), and whether there was more. */
async function readHead(response: Response): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!response.body) {
    const all = new Uint8Array(await response.arrayBuffer());
    return { bytes: all.subarray(0, MAX_TEXT_BYTES), truncated: all.length > MAX_TEXT_BYTES };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length <= MAX_TEXT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  const truncated = length > MAX_TEXT_BYTES;
  if (truncated) await reader.cancel();
  const bytes = new Uint8Array(Math.min(length, MAX_TEXT_BYTES));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
  }
  return { bytes, truncated };
}

/** highlight.js's markup for the text: its core and the one grammar, loaded on first use. */
async function highlight(text: string, language: Language): Promise<string> {
  const [{ default: hljs }, { default: grammar }] = await Promise.all([
    import('highlight.js/lib/core'),
    LANGUAGES[language](),
  ]);
  if (!hljs.getLanguage(language)) hljs.registerLanguage(language, grammar);
  return hljs.highlight(text, { language, ignoreIllegals: true }).value;
}

async function loadCode(
  url: string,
  mime: string,
  fileName: string,
  signal: AbortSignal,
): Promise<CodeFile> {
  const { bytes, truncated } = await readHead(await fetchFile(url, signal));
  // `stream` leaves out a character cut in two at the limit instead of showing a broken one.
  const text = new TextDecoder().decode(bytes, { stream: truncated });
  const language = languageOf(mime, fileName);
  const html = language ? await highlight(text, language) : null;
  return { text, html, language, truncated };
}

function lineCount(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
  // A final newline ends the last line; it does not open another.
  return text.endsWith('\n') && lines > 1 ? lines - 1 : lines;
}

/** A text or source file, highlighted, with its line numbers in a gutter that is not selected. */
export function CodeView({ url, mime, fileName }: { url: string; mime: string; fileName: string }) {
  const { t } = useTranslation();
  const { state, retry } = useLoaded((signal) => loadCode(url, mime, fileName, signal));

  if (state.status === 'loading') return <ViewerLoading fileName={fileName} lines />;
  if (state.status === 'error')
    return <ViewerError url={url} fileName={fileName} onRetry={retry} />;

  const { text, html, language, truncated } = state.value;
  const numbers = Array.from({ length: lineCount(text) }, (_, i) => i + 1).join('\n');
  return (
    <>
      <div className="file-viewer__bar">
        <DownloadLink url={url} fileName={fileName} />
      </div>
      {truncated && (
        <div className="file-viewer__notice">
          <Notice kind="info">{t('fileViewer.truncated')}</Notice>
        </div>
      )}
      <ViewerScroll fileName={fileName}>
        <div className="file-viewer__code">
          <pre className="file-viewer__gutter" aria-hidden="true">
            {numbers}
          </pre>
          <pre className="file-viewer__source">
            {html === null ? (
              <code>{text}</code>
            ) : (
              <code
                className={`hljs language-${language}`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js escapes the file's text; its markup is its own <span class> only
                dangerouslySetInnerHTML={{ __html: html }}
              />
            )}
          </pre>
        </div>
      </ViewerScroll>
    </>
  );
}
