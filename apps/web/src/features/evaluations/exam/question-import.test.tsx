import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { QuestionImport } from './question-import.tsx';

const FILE = 'Deux et deux ? {=4 ~5}\n\nCassée {=a ~b\n\nDéjà là {T}\n';

describe('importing questions', () => {
  it('previews each question, lists the refused with their line, and imports the valid ones on the teacher’s word', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    mockFetch((url, init) => {
      const body = JSON.parse(String(init.body ?? '{}'));
      sent.push({ url, body });
      if (url.endsWith('/import/preview')) {
        return jsonResponse(200, {
          data: [
            {
              line: 1,
              question: {
                kind: 'single',
                prompt: 'Deux et deux ?',
                format: 'plain',
                title: null,
                choices: ['4', '5'],
                options: [],
                answer_key: { choices: [0] },
                points: 1,
              },
              problems: [],
              duplicate: false,
            },
            {
              line: 3,
              question: null,
              problems: ['Ce n’est pas du GIFT valide.'],
              duplicate: false,
            },
            {
              line: 5,
              question: {
                kind: 'single',
                prompt: 'Déjà là',
                format: 'plain',
                title: null,
                choices: ['Vrai', 'Faux'],
                options: [],
                answer_key: { choices: [0] },
                points: 1,
              },
              problems: [],
              duplicate: true,
            },
          ],
        });
      }
      return jsonResponse(200, { imported: 1, duplicates: 1, refused: [] });
    });
    const onDone = vi.fn();
    renderWithProviders(<QuestionImport evaluationId={7} onDone={onDone} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Texte des questions'));
    await user.paste(FILE);
    await user.click(screen.getByRole('button', { name: 'Vérifier le fichier' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 question prête · 1 refusée · 1 déjà dans l’examen',
    );
    expect(screen.getByText('Ligne 3 : Ce n’est pas du GIFT valide.')).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Aperçu de l’import' });
    expect(within(preview).getByText(/Deux et deux/)).toBeInTheDocument();
    expect(
      within(preview).getByText(/déjà dans l’examen, ne sera pas ajoutée/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Importer la question valide' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent.at(-1)).toEqual({
      url: '/api/evaluations/7/questions/import',
      body: { text: FILE, format: 'gift', skip_refused: true },
    });
  });

  it('reads a Moodle XML file chosen from the disk as Moodle XML', async () => {
    mockFetch(() => jsonResponse(200, { data: [] }));
    renderWithProviders(<QuestionImport evaluationId={7} onDone={vi.fn()} />);
    const user = userEvent.setup();
    const file = new File(['<?xml version="1.0"?>\n<quiz></quiz>'], 'export.xml', {
      type: 'application/xml',
    });
    await user.upload(screen.getByLabelText(/Fichier de questions/), file);
    expect(await screen.findByLabelText('Format')).toHaveValue('moodle_xml');
    expect(screen.getByLabelText('Texte des questions')).toHaveValue(
      '<?xml version="1.0"?>\n<quiz></quiz>',
    );
  });
});
