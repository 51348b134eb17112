import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The text of a PDF as a reader sees it (pdf.js, Firefox's reader), page by page, lines joined.

// pdf.js 6 uses Promise.withResolvers (Node 22); Node 20 lacks it.
const promises = Promise as unknown as { withResolvers?: () => unknown };
promises.withResolvers ??= <T>() => {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

const fonts = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: fonts,
    disableFontFace: true,
    verbosity: 0,
  });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
        .join(''),
    );
  }
  await task.destroy();
  return pages.join('\n');
}
