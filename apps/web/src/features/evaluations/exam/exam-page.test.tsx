import type { AttemptView } from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { readHandIn, readQueue, writeHandIn, writeQueue } from './answer-queue.ts';
import { ExamPage } from './exam-page.tsx';

const ATTEMPT = 77;
const PROMPT = 'Combien de comparaisons au plus pour 1000 éléments ?';

function attempt(overrides: Partial<AttemptView> = {}): AttemptView {
  return {
    id: ATTEMPT,
    evaluation_id: 9,
    title: 'Contrôle continu : complexité',
    started_at: '2026-11-23T08:30:00.000Z',
    deadline_at: '2026-11-23T10:00:00.000Z',
    finished_at: null,
    finished_by: null,
    server_now: '2026-11-23T09:00:00.000Z',
    remaining_seconds: 3600,
    questions: [
      {
        id: 4,
        kind: 'short',
        prompt: PROMPT,
        format: 'plain',
        choices: [],
        options: [],
        points: 2,
      },
    ],
    answers: [],
    review: null,
    ...overrides,
  };
}

/**
 * The API of a running attempt behind a connection the test cuts and restores: offline, every
 * request fails as fetch does (a TypeError); `sent` lists what reached the server, in order.
 */
function api() {
  const network = { online: true, sent: [] as string[] };
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === `/api/attempts/${ATTEMPT}`) return jsonResponse(200, attempt());
    if (!network.online) throw new TypeError('Failed to fetch');
    network.sent.push(`${method} ${url}`);
    if (method === 'PUT' && url === `/api/attempts/${ATTEMPT}/answers`) {
      return jsonResponse(200, {
        saved: 1,
        ignored: [],
        server_now: '2026-11-23T09:01:00.000Z',
        deadline_at: '2026-11-23T10:00:00.000Z',
        remaining_seconds: 3540,
      });
    }
    if (method === 'POST' && url === `/api/attempts/${ATTEMPT}/finish`) {
      return jsonResponse(
        200,
        attempt({ finished_at: '2026-11-23T09:02:00.000Z', finished_by: 'student' }),
      );
    }
    throw new Error(`Unexpected ${method} ${url}`);
  });
  return network;
}

function renderExam() {
  const router = createMemoryRouter(
    [{ path: '/start-evaluation/:id/:token', element: <ExamPage /> }],
    { initialEntries: [`/start-evaluation/9/${ATTEMPT}`] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

const HAND_IN_OFFLINE =
  'Hors ligne : copie en attente, elle sera rendue dès le retour de la connexion';
const HANDED_IN = 'Copie rendue. Vos réponses sont enregistrées.';

describe('handing in while offline', () => {
  it('says so, keeps the hand-in queued, and sends it after the answers once the connection returns', async () => {
    const network = api();
    renderExam();
    const field = await screen.findByLabelText(new RegExp(PROMPT.slice(0, 20)));
    network.online = false;
    fireEvent.change(field, { target: { value: '10' } });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rendre la copie' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirmer' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(HAND_IN_OFFLINE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The copy is final: the answers can no longer change, and both wait on the device.
    expect(field).toBeDisabled();
    expect(readHandIn(ATTEMPT)).toBe(true);
    expect(readQueue(ATTEMPT)['4']?.value).toEqual({ text: '10' });
    expect(network.sent).toEqual([]);

    network.online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(HANDED_IN)).toBeInTheDocument();
    expect(network.sent).toEqual([
      `PUT /api/attempts/${ATTEMPT}/answers`,
      `POST /api/attempts/${ATTEMPT}/finish`,
    ]);
    expect(readHandIn(ATTEMPT)).toBe(false);
    expect(readQueue(ATTEMPT)).toEqual({});
  });

  it('keeps a queued hand-in across a reload and sends it, after the queued answers, once online', async () => {
    writeQueue(ATTEMPT, { 4: { value: { text: '10' }, typed_at: '2026-11-23T09:00:30.000Z' } });
    writeHandIn(ATTEMPT, true);
    const network = api();
    network.online = false;
    const offline = renderExam();
    expect(await screen.findByText(HAND_IN_OFFLINE)).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(PROMPT.slice(0, 20)))).toHaveValue('10');
    expect(screen.getByLabelText(new RegExp(PROMPT.slice(0, 20)))).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Rendre la copie' })).not.toBeInTheDocument();
    offline.unmount();

    // Reloaded with the connection back: it goes out at once, the answers first.
    network.online = true;
    renderExam();
    expect(await screen.findByText(HANDED_IN)).toBeInTheDocument();
    await waitFor(() =>
      expect(network.sent).toEqual([
        `PUT /api/attempts/${ATTEMPT}/answers`,
        `POST /api/attempts/${ATTEMPT}/finish`,
      ]),
    );
    expect(readHandIn(ATTEMPT)).toBe(false);
  });

  it('hands in at once when online', async () => {
    const network = api();
    renderExam();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rendre la copie' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirmer' }),
    );
    expect(await screen.findByText(HANDED_IN)).toBeInTheDocument();
    expect(network.sent).toEqual([`POST /api/attempts/${ATTEMPT}/finish`]);
    expect(readHandIn(ATTEMPT)).toBe(false);
  });
});

describe('a handed-in attempt', () => {
  it('says the feedback comes later, then shows each question’s points and feedback once released', async () => {
    const closed = { finished_at: '2026-11-23T09:02:00.000Z', finished_by: 'student' as const };
    mockFetch(() => jsonResponse(200, attempt({ ...closed, remaining_seconds: 0 })));
    const first = renderExam();
    expect(await screen.findByText(/une fois l’examen terminé pour tous/)).toBeInTheDocument();
    expect(screen.queryByText(/\/ 2 points/)).not.toBeInTheDocument();
    first.unmount();

    mockFetch(() =>
      jsonResponse(
        200,
        attempt({
          ...closed,
          remaining_seconds: 0,
          answers: [{ question_id: 4, value: { text: '10' }, typed_at: closed.finished_at }],
          review: [
            {
              question_id: 4,
              points_awarded: 1.5,
              feedback: ['Presque : ⌈log₂ 1000⌉ = 10.'],
              general: 'La recherche dichotomique divise par deux.',
            },
          ],
        }),
      ),
    );
    renderExam();
    expect(await screen.findByText('1,5 / 2 points')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Commentaires sur votre réponse' })).getByText(
        'Presque : ⌈log₂ 1000⌉ = 10.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/divise par deux/)).toBeInTheDocument();
    expect(screen.queryByText(/une fois l’examen terminé pour tous/)).not.toBeInTheDocument();
  });
});
