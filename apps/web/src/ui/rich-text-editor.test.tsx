import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

// ProseMirror scrolls the selection into view; jsdom has no layout.
const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
Object.assign(Range.prototype, {
  getClientRects: noRects,
  getBoundingClientRect: () => new DOMRect(),
});
if (!('getClientRects' in Text.prototype)) {
  Object.assign(Text.prototype, { getClientRects: noRects });
}

function renderEditor(props: Partial<Parameters<typeof RichTextEditor>[0]> = {}) {
  const onChange = vi.fn();
  renderWithProviders(
    <RichTextEditor label="Contenu" value="<p>Texte</p>" onChange={onChange} {...props} />,
  );
  return { onChange };
}

describe('RichTextEditor', () => {
  it('offers a labelled toolbar whose buttons are reached with Tab', async () => {
    renderEditor({ uploadImage: async () => '/api/files/1' });
    const toolbar = screen.getByRole('toolbar', { name: 'Mise en forme de Contenu' });
    const names = [...toolbar.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Titre',
      'Sous-titre',
      'Gras',
      'Italique',
      'Liste à puces',
      'Liste numérotée',
      'Citation',
      'Lien',
      'Bloc de code',
      'Insérer un tableau',
      'Insérer une image',
    ]);
    screen.getByRole('button', { name: 'Titre' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Sous-titre' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Contenu' })).toBeInTheDocument();
  });

  it('turns the paragraph into a heading and a list, and reports the HTML', async () => {
    const { onChange } = renderEditor();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Titre' }));
    });
    expect(onChange.mock.lastCall?.[0]).toMatch(/^<h2>Texte<\/h2>/);
    expect(screen.getByRole('button', { name: 'Titre' })).toHaveAttribute('aria-pressed', 'true');
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Liste à puces' }));
    });
    expect(onChange.mock.lastCall?.[0]).toContain('<ul>');
  });

  it('has no image button without an upload', () => {
    renderEditor();
    expect(screen.queryByRole('button', { name: 'Insérer une image' })).not.toBeInTheDocument();
  });
});
