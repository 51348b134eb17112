import type { Evaluation, Question } from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamStaffPanels } from './staff-panels.tsx';

/** A question imported from GIFT `{=full credit ~%50%half credit#Close ~wrong}####Think}`. */
const WEIGHTED: Question = {
  id: 5,
  evaluation_id: 9,
  kind: 'single',
  prompt: 'Half',
  format: 'plain',
  title: 'Partial',
  choices: ['full credit', 'half credit', 'wrong'],
  options: [],
  answer_key: {
    choices: [0],
    weights: [1, 0.5, 0],
    feedback: ['', 'Close', ''],
    general: 'Think',
  },
  points: 2,
  position: 1,
};

/** A text between the questions, then a matching question with a distractor. */
const INTRO: Question = {
  ...WEIGHTED,
  id: 6,
  kind: 'description',
  prompt: 'Part two',
  title: null,
  choices: [],
  answer_key: null,
  points: 0,
  position: 2,
};
const MATCHING: Question = {
  ...WEIGHTED,
  id: 7,
  kind: 'matching',
  prompt: 'Sounds',
  title: null,
  choices: ['Cat', 'Dog'],
  options: ['Woof', 'Quack', 'Meow'],
  answer_key: { pairs: [2, 0] },
  position: 3,
};

function renderPanels() {
  const evaluation = { id: 9, type: 'exam', time_zone: 'Europe/Paris' } as Evaluation;
  const router = createMemoryRouter(
    [{ path: '/', element: <ExamStaffPanels evaluation={evaluation} /> }],
    { initialEntries: ['/'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('the questions of an exam, for its staff', () => {
  it('shows each question with its key: what each choice earns, feedback, pairs and distractors', async () => {
    mockFetch((url) =>
      jsonResponse(200, { data: url.includes('/questions') ? [WEIGHTED, INTRO, MATCHING] : [] }),
    );
    renderPanels();
    const item = (await screen.findByText('Half')).closest('li')!;
    expect(within(item).getByText('Partial')).toBeInTheDocument();
    expect(within(item).getByText(/half credit \(50\s?% des points\)/)).toBeInTheDocument();
    expect(within(item).getByText(/wrong \(0\s?% des points\)/)).toBeInTheDocument();
    expect(within(item).getByText('Commentaire : Close')).toBeInTheDocument();
    expect(within(item).getByText('Commentaire général : Think')).toBeInTheDocument();

    // A description has no number: the matching question after it is the second one.
    const intro = screen.getByText('Part two').closest('li')!;
    expect(within(intro).queryByText(/^Question/)).toBeNull();
    const matching = screen.getByText('Sounds').closest('li')!;
    expect(within(matching).getByText('Question 2.')).toBeInTheDocument();
    expect(within(matching).getByText('Cat → Meow')).toBeInTheDocument();
    expect(within(matching).getByText('Dog → Woof')).toBeInTheDocument();
    expect(within(matching).getByText('Leurres : Quack')).toBeInTheDocument();
  });

  it('edits an imported partial-credit question with its weights shown, and keeps them through an edit of the prompt', async () => {
    const fetch = mockFetch((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse(200, { ...WEIGHTED, prompt: 'Half, again' })
        : jsonResponse(200, { data: url.includes('/questions') ? [WEIGHTED] : [] }),
    );
    renderPanels();
    const item = (await screen.findByText('Half')).closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    const weight = (n: number) =>
      within(dialog).getByLabelText(`Part des points du choix ${n} (%)`);
    expect(weight(1)).toHaveValue(100);
    expect(weight(2)).toHaveValue(50);
    expect(weight(3)).toHaveValue(0);
    expect(within(dialog).getByRole('radio', { name: 'Juste (choix 1)' })).toBeChecked();
    expect(within(dialog).getByLabelText('Commentaire du choix 2')).toHaveValue('Close');

    fireEvent.change(within(dialog).getByLabelText('Énoncé'), {
      target: { value: 'Half, again' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'PATCH')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      prompt: 'Half, again',
      title: 'Partial',
      choices: ['full credit', 'half credit', 'wrong'],
      answer_key: { weights: [1, 0.5, 0], feedback: ['', 'Close', ''], general: 'Think' },
    });
  });

  it('adds a question from the panel and closes its dialog once saved', async () => {
    const fetch = mockFetch((_url, init) =>
      init.method === 'POST'
        ? jsonResponse(201, { ...WEIGHTED, id: 8, kind: 'long' })
        : jsonResponse(200, { data: [] }),
    );
    renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une question' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Type de question'), {
      target: { value: 'long' },
    });
    fireEvent.change(within(dialog).getByLabelText('Énoncé'), {
      target: { value: 'Racontez la Révolution.' },
    });
    fireEvent.change(within(dialog).getByLabelText('Points'), { target: { value: '4.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      kind: 'long',
      prompt: 'Racontez la Révolution.',
      format: 'plain',
      title: null,
      choices: [],
      options: [],
      answer_key: null,
      points: 4.5,
    });
  });

  it('offers no change once a student has started, and says why', async () => {
    mockFetch((url) => {
      if (url.includes('/questions')) return jsonResponse(200, { data: [WEIGHTED] });
      if (url.includes('/attempts')) {
        return jsonResponse(200, {
          data: [
            {
              student: { id: 3, first_name: 'Jade', last_name: 'Faure', email: 'j@x.test' },
              extra_minutes: 0,
              attempt: {
                id: 1,
                started_at: '2026-11-27T09:00:00.000Z',
                deadline_at: '2026-11-27T10:30:00.000Z',
                finished_at: null,
                finished_by: null,
                score: null,
                answered: 1,
              },
            },
          ],
        });
      }
      return jsonResponse(200, { data: [] });
    });
    renderPanels();
    expect(
      await screen.findByText(
        /Des étudiants ont commencé ce quiz : ses questions ne peuvent plus changer/,
      ),
    ).toBeInTheDocument();
    const item = screen.getByText('Half').closest('li')!;
    expect(within(item).queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter une question' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importer des questions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Exporter en GIFT' })).toBeInTheDocument();
  });
});
