import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch.ts';
import { FileViewer } from './file-viewer.tsx';

// jsdom has no canvas: PDF.js is replaced by pages of 600 × 800 CSS pixels at scale 1 whose
// drawing succeeds at once, so the test sees what the viewer lays out around them.
const pdfjs = vi.hoisted(() => {
  const page = (pageNumber: number) => ({
    pageNumber,
    getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
    render: vi.fn(() => ({ promise: Promise.resolve(), cancel: vi.fn() })),
  });
  const state = { fail: false, destroy: vi.fn(async () => undefined) };
  const getDocument = vi.fn((_options: { data: Uint8Array; useWasm: boolean }) => {
    const pages = [page(1), page(2), page(3)];
    const document = { numPages: 3, getPage: async (n: number) => pages[n - 1] };
    return {
      promise: state.fail
        ? Promise.reject(new Error('Invalid PDF structure.'))
        : Promise.resolve(document),
      destroy: state.destroy,
    };
  });
  return { state, getDocument, GlobalWorkerOptions: { workerSrc: '' } };
});

vi.mock('pdfjs-dist/legacy/build/pdf.mjs', () => ({
  getDocument: pdfjs.getDocument,
  GlobalWorkerOptions: pdfjs.GlobalWorkerOptions,
}));

const PYTHON = 'def moyenne(notes):\n    return sum(notes) / len(notes)\n';

const text = (body: string, type = 'text/plain') =>
  new Response(body, { status: 200, headers: { 'content-type': type } });

beforeEach(() => {
  pdfjs.state.fail = false;
  pdfjs.state.destroy.mockClear();
  pdfjs.getDocument.mockClear();
});

describe('FileViewer', () => {
  it('shows a picture named after the file, and offers it again when it does not load', async () => {
    render(<FileViewer url="/api/files/3" mime="image/png" fileName="schéma.png" />);
    const image = screen.getByRole('img', { name: 'schéma.png' });
    expect(image).toHaveAttribute('src', '/api/files/3');

    fireEvent.error(image);
    expect(screen.getByRole('alert')).toHaveTextContent('Ce fichier n’a pas pu être affiché.');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(screen.getByRole('img', { name: 'schéma.png' })).toBeInTheDocument();
  });

  it('highlights source code, with line numbers beside it, in a region the keyboard reaches', async () => {
    const fetchMock = mockFetch(() => text(PYTHON, 'text/x-python'));
    const { container } = render(
      <FileViewer url="/api/files/12" mime="application/octet-stream" fileName="tp1.py" />,
    );
    const region = await screen.findByRole('region', { name: 'Aperçu de tp1.py' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/files/12',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    const code = region.querySelector('code');
    expect(code).toHaveTextContent(/^def moyenne\(notes\): return sum\(notes\) \/ len\(notes\)$/);
    expect(code?.querySelector('.hljs-keyword')).toHaveTextContent('def');
    // Two lines (the final newline opens none), numbered in a gutter screen readers skip.
    const gutter = container.querySelector('.file-viewer__gutter');
    expect(gutter?.textContent).toBe('1\n2');
    expect(gutter).toHaveAttribute('aria-hidden', 'true');

    await userEvent.tab();
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('shows the first megabyte of a long text, and says the rest is in the download', async () => {
    const MB = 1024 * 1024;
    mockFetch(() => text(`${'a'.repeat(MB - 1)}\nend of the log\n`));
    const { container } = render(
      <FileViewer url="/api/files/5" mime="text/plain" fileName="journal.txt" />,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ce fichier dépasse 1 Mo : seul son premier mégaoctet est affiché.',
    );
    const code = container.querySelector('code');
    expect(code?.textContent).toHaveLength(MB);
    expect(code?.textContent?.endsWith('\n')).toBe(true);
    expect(code).not.toHaveClass('hljs');
  });

  it('offers to download a file it cannot show', () => {
    render(<FileViewer url="/api/files/9" mime="application/zip" fileName="rendu.zip" />);
    expect(screen.getByText(/Pas d’aperçu pour ce type de fichier/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Télécharger rendu.zip' });
    expect(link).toHaveAttribute('href', '/api/files/9');
    expect(link).toHaveAttribute('download', 'rendu.zip');
  });

  it('says when the file could not be fetched, and fetches it again on retry', async () => {
    let answers = 0;
    const fetchMock = mockFetch(() => {
      answers += 1;
      return answers === 1 ? new Response(null, { status: 500 }) : text('Bonjour\n');
    });
    render(<FileViewer url="/api/files/7" mime="text/plain" fileName="notes.txt" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce fichier n’a pas pu être affiché.',
    );
    expect(screen.getByRole('link', { name: 'Télécharger notes.txt' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    const region = await screen.findByRole('region', { name: 'Aperçu de notes.txt' });
    expect(region).toHaveTextContent('Bonjour');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  describe('a PDF', () => {
    const pdfAnswer = () =>
      new Response(new Uint8Array([37, 80, 68, 70]), {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
      });
    const overlay = (page: number, size: { width: number; height: number }) => (
      <span>{`note p${page} ${size.width}×${size.height}`}</span>
    );

    it('lays out every page with its overlay, and says which page is read', async () => {
      const fetchMock = mockFetch(pdfAnswer);
      const { container, unmount } = render(
        <FileViewer
          url="/api/files/12"
          mime="application/pdf"
          fileName="copie.pdf"
          renderPageOverlay={overlay}
        />,
      );
      expect(await screen.findByText('Page 1 sur 3')).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/files/12',
        expect.objectContaining({ credentials: 'same-origin' }),
      );
      expect(pdfjs.getDocument).toHaveBeenCalledWith(
        expect.objectContaining({ data: expect.any(Uint8Array), useWasm: false }),
      );

      const pages = container.querySelectorAll('[data-page]');
      expect([...pages].map((page) => page.getAttribute('data-page'))).toEqual(['1', '2', '3']);
      expect(screen.getByText('note p1 600×800')).toBeInTheDocument();
      expect(screen.getByText('note p3 600×800')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Page 2' })).toBeInTheDocument();
      // Each page's drawing lands in its own canvas once PDF.js has finished it.
      await waitFor(() => expect(container.querySelectorAll('[data-page] canvas')).toHaveLength(3));
      expect(pages[0]?.querySelector('canvas')).toHaveProperty('width', 600);

      await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
      expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
      expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Page précédente' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );

      unmount();
      expect(pdfjs.state.destroy).toHaveBeenCalled();
    });

    it('draws only the pages near the view, and frees those that leave it', async () => {
      /** The browser's IntersectionObserver, told by the test which pages come near the view. */
      class NearPages {
        static current: NearPages | null = null;
        readonly targets: Element[] = [];
        constructor(readonly callback: IntersectionObserverCallback) {
          NearPages.current = this;
        }
        observe(target: Element) {
          this.targets.push(target);
        }
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
        static set(page: number, isIntersecting: boolean) {
          const self = NearPages.current!;
          const target = self.targets.find((t) => t.getAttribute('data-page') === String(page));
          const entry = { target, isIntersecting } as IntersectionObserverEntry;
          act(() => self.callback([entry], self as unknown as IntersectionObserver));
        }
      }
      vi.stubGlobal('IntersectionObserver', NearPages);
      mockFetch(pdfAnswer);
      const { container } = render(
        <FileViewer url="/api/files/12" mime="application/pdf" fileName="copie.pdf" />,
      );
      await screen.findByText('Page 1 sur 3');
      // The pages are watched once their boxes are laid out (an effect after the first render).
      await waitFor(() => expect(NearPages.current?.targets).toHaveLength(3));
      const drawn = () =>
        [...container.querySelectorAll('[data-page]')]
          .filter((page) => page.querySelector('canvas'))
          .map((page) => page.getAttribute('data-page'));
      expect(drawn()).toEqual([]);

      NearPages.set(1, true);
      NearPages.set(2, true);
      await waitFor(() => expect(drawn()).toEqual(['1', '2']));
      NearPages.set(1, false);
      await waitFor(() => expect(drawn()).toEqual(['2']));
    });

    it('zooms in and out from the width that fits, and back to it', async () => {
      mockFetch(pdfAnswer);
      render(
        <FileViewer
          url="/api/files/12"
          mime="application/pdf"
          fileName="copie.pdf"
          renderPageOverlay={overlay}
        />,
      );
      const fit = await screen.findByRole('button', { name: 'Ajuster à la largeur' });
      expect(fit).toHaveAttribute('aria-pressed', 'true');

      await userEvent.click(screen.getByRole('button', { name: 'Zoom avant' }));
      expect(screen.getByText('note p1 750×1000')).toBeInTheDocument();
      expect(fit).toHaveAttribute('aria-pressed', 'false');

      await userEvent.click(fit);
      expect(screen.getByText('note p1 600×800')).toBeInTheDocument();

      const zoomOut = screen.getByRole('button', { name: 'Zoom arrière' });
      await userEvent.click(zoomOut);
      await userEvent.click(zoomOut);
      expect(screen.getByText('note p1 300×400')).toBeInTheDocument();
      // The smallest zoom: the button stays focused, and says it does nothing more.
      expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(zoomOut);
      expect(screen.getByText('note p1 300×400')).toBeInTheDocument();
    });

    it('says when the PDF cannot be read, and opens it again on retry', async () => {
      pdfjs.state.fail = true;
      mockFetch(pdfAnswer);
      render(<FileViewer url="/api/files/12" mime="application/pdf" fileName="copie.pdf" />);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Ce fichier n’a pas pu être affiché.',
      );

      pdfjs.state.fail = false;
      await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
      expect(await screen.findByText('Page 1 sur 3')).toBeInTheDocument();
      expect(pdfjs.getDocument).toHaveBeenCalledTimes(2);
    });
  });
});
