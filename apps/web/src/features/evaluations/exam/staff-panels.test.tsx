import type { Evaluation, Question } from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamStaffPanels } from './staff-panels.tsx';

/** A question imported from GIFT `{=full credit ~%50%half credit ~wrong}`. */
const WEIGHTED: Question = {
  id: 5,
  evaluation_id: 9,
  kind: 'single',
  prompt: 'Half',
  choices: ['full credit', 'half credit', 'wrong'],
  answer_key: { choices: [0], weights: [1, 0.5, 0] },
  points: 2,
  position: 1,
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
  it('shows what each choice of a partial-credit question earns, and keeps it through an edit of the prompt', async () => {
    const fetch = mockFetch((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse(200, { ...WEIGHTED, prompt: 'Half, again' })
        : jsonResponse(200, { data: url.includes('/questions') ? [WEIGHTED] : [] }),
    );
    renderPanels();
    const item = (await screen.findByText('Half')).closest('li')!;
    expect(within(item).getByText(/half credit \(50\s?% des points\)/)).toBeInTheDocument();
    expect(within(item).getByText(/wrong \(0\s?% des points\)/)).toBeInTheDocument();

    fireEvent.click(within(item).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/donne des points partiels/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Question'), {
      target: { value: 'Half, again' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true),
    );
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'PATCH')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      prompt: 'Half, again',
      answer_key: { weights: [1, 0.5, 0] },
    });
  });

  it('adds a numerical question from lines of numbers, refusing a line that is not one', async () => {
    const fetch = mockFetch((_url, init) =>
      init.method === 'POST'
        ? jsonResponse(201, { ...WEIGHTED, id: 6, kind: 'numerical' })
        : jsonResponse(200, { data: [] }),
    );
    renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une question' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Type de question'), {
      target: { value: 'numerical' },
    });
    fireEvent.change(within(dialog).getByLabelText('Question'), {
      target: { value: 'Pesanteur à Paris (m/s²) ?' },
    });
    const numbers = within(dialog).getByLabelText('Nombres acceptés');
    fireEvent.change(numbers, { target: { value: '9,81:0.01\nneuf' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(/Écrivez un nombre par ligne/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(numbers, { target: { value: '9,81:0.01\n9..10.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      kind: 'numerical',
      choices: [],
      answer_key: {
        numbers: [
          { value: 9.81, tolerance: 0.01 },
          { value: 9.75, tolerance: 0.75 },
        ],
      },
    });
  });
});
