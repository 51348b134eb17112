import type { MyEvaluationDetail } from '@skolar/shared';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MyEvaluationPage } from './my-evaluation-page.tsx';

/** The quiz of a morning, 09:00–11:00 in Paris, seen by its student at 10:00. */
function exam(overrides: Partial<MyEvaluationDetail> = {}): MyEvaluationDetail {
  return {
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
    scale: 40,
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
    server_now: '2026-11-23T09:00:00.000Z',
    ...overrides,
  };
}

const HANDED_IN = {
  id: 77,
  started_at: '2026-11-23T08:10:00.000Z',
  deadline_at: '2026-11-23T09:40:00.000Z',
  finished_at: '2026-11-23T08:55:00.000Z',
};

function renderPage(detail: MyEvaluationDetail) {
  mockFetch((url) => {
    if (url === '/api/me/evaluations/9') return jsonResponse(200, detail);
    throw new Error(`Unexpected ${url}`);
  });
  const router = createMemoryRouter(
    [{ path: '/evaluation-details/:id', element: <MyEvaluationPage /> }],
    { initialEntries: ['/evaluation-details/9'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('the student’s evaluation page', () => {
  it('says a handed-in exam awaits its grade, with no countdown running to its closing', async () => {
    renderPage(exam({ status: 'awaiting', attempt: HANDED_IN }));
    expect(await screen.findByText('En attente de note')).toBeInTheDocument();
    expect(screen.queryByText('Échouée')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Votre note' })).toHaveTextContent(
      'elle apparaîtra ici dès que votre enseignant l’aura publiée',
    );
    expect(screen.queryByText(/Ferme dans/)).not.toBeInTheDocument();
  });

  it('shows no countdown once the evaluation has closed', async () => {
    renderPage(
      exam({ status: 'awaiting', is_open: false, server_now: '2026-11-23T12:00:00.000Z' }),
    );
    expect(await screen.findByText('L’évaluation est close.')).toBeInTheDocument();
    expect(screen.queryByText(/Ferme dans/)).not.toBeInTheDocument();
  });

  it('shows the published grade on the evaluation’s scale with the teacher’s comment', async () => {
    renderPage(
      exam({
        status: 'completed',
        is_open: false,
        attempt: HANDED_IN,
        server_now: '2026-12-02T12:00:00.000Z',
        result: {
          grade: 31.5,
          absent: false,
          comment: 'Bonne copie, attention aux bornes.',
          published_at: '2026-12-01T16:00:00.000Z',
          corrected_at: null,
        },
      }),
    );
    const grade = await screen.findByRole('region', { name: 'Votre note' });
    expect(grade).toHaveTextContent('31,5/40');
    expect(grade).toHaveTextContent('Commentaire de l’enseignant');
    expect(grade).toHaveTextContent('Bonne copie, attention aux bornes.');
    expect(grade).toHaveTextContent('Publiée le 1 déc. 2026.');
    expect(screen.getByText('Terminée')).toBeInTheDocument();
  });

  it('shows a published absence as such', async () => {
    renderPage(
      exam({
        status: 'failed',
        is_open: false,
        server_now: '2026-12-02T12:00:00.000Z',
        result: {
          grade: null,
          absent: true,
          comment: null,
          published_at: '2026-12-01T16:00:00.000Z',
          corrected_at: null,
        },
      }),
    );
    const grade = await screen.findByRole('region', { name: 'Votre note' });
    expect(grade).toHaveTextContent('Absent : compte 0');
    expect(grade).not.toHaveTextContent('/40');
  });
});
