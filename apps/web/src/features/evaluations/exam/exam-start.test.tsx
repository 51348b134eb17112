import type { MyEvaluationDetail } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamStartPanel } from './exam-start.tsx';

/** An online exam open 09:00–11:00 in Paris, not started yet. */
const EXAM: MyEvaluationDetail = {
  id: 9,
  type: 'exam',
  title: 'Contrôle continu : complexité',
  date: '2026-11-23',
  start_time: '09:00',
  end_time: '11:00',
  duration_minutes: 90,
  deadline: null,
  late_until: null,
  late_penalty: null,
  location: 'En ligne',
  organizer: null,
  domain: null,
  percentage: 30,
  scale: 20,
  has_quiz: true,
  opens_at: '2026-11-23T08:00:00.000Z',
  closes_at: '2026-11-23T10:00:00.000Z',
  subject: { id: 5, name: 'Algorithmique' },
  training: { id: 3, title: 'Licence 3' },
  time_zone: 'Europe/Paris',
  status: 'today',
  is_open: true,
  attempt: null,
  submission: null,
  description: '',
  document_link: null,
  correction_link: null,
  submissions: [],
  quota: null,
  extra_minutes: 0,
  result: null,
  server_now: '2026-11-23T08:30:00.000Z',
};

function renderPanel(evaluation: MyEvaluationDetail, receivedAt = Date.now()) {
  const fetch = mockFetch((url, init) => {
    if (init.method === 'POST' && url === '/api/evaluations/9/attempts') {
      return jsonResponse(201, { id: 77 });
    }
    throw new Error(`Unexpected ${init.method} ${url}`);
  });
  const router = createMemoryRouter(
    [
      {
        path: '/evaluation-details/:id',
        element: <ExamStartPanel evaluation={evaluation} receivedAt={receivedAt} />,
      },
      { path: '/start-evaluation/:id/:token', element: <p>La copie</p> },
    ],
    { initialEntries: ['/evaluation-details/9'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return fetch;
}

describe('starting the single timed attempt', () => {
  it('says the duration with the extra time, the window’s end and what happens at the end, and starts nothing on cancel', async () => {
    const fetch = renderPanel({ ...EXAM, extra_minutes: 20 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Commencer l’examen' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Commencer l’examen maintenant ?' });
    expect(dialog).toHaveTextContent('Vous aurez 90 minutes');
    expect(dialog).toHaveTextContent('S’y ajoutent 20 minutes de temps supplémentaire.');
    // The end of the window on the institution's clock (Paris, UTC+1 in November).
    expect(dialog).toHaveTextContent(/L’examen ferme le 23 novembre 2026 (à )?11:00/);
    expect(dialog).toHaveTextContent('Vos réponses sont enregistrées au fil de la saisie');
    expect(dialog).toHaveTextContent('votre copie est rendue automatiquement');
    expect(dialog).toHaveTextContent('Une seule tentative');

    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByText('La copie')).not.toBeInTheDocument();
  });

  it('leaves out the extra time when there is none', async () => {
    renderPanel(EXAM);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Commencer l’examen' }));
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent('supplémentaire');
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent('vous n’aurez que');
  });

  it('says when the window’s end cuts the attempt short, by the server’s clock', async () => {
    // 09:35 by the server, answered two minutes ago: 23 minutes are left before 10:00.
    renderPanel({ ...EXAM, server_now: '2026-11-23T09:35:00.000Z' }, Date.now() - 2 * 60_000);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Commencer l’examen' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'L’examen ferme dans 23 minutes : vous n’aurez que ce temps-là.',
    );
  });

  it('is used from the keyboard: Escape cancels, Enter on the confirmation starts the attempt', async () => {
    const fetch = renderPanel(EXAM);
    const user = userEvent.setup();
    const start = screen.getByRole('button', { name: 'Commencer l’examen' });
    start.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(start).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    // The focus starts on "Cancel" (the safe choice); Tab reaches the confirmation.
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Commencer maintenant' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('La copie')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledOnce();
  });
});
