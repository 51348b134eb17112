import type { MyEvaluation, MyEvaluationList } from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EvaluationFormPage } from './evaluation-form-page.tsx';
import { MyEvaluationsPage } from './my-evaluations-page.tsx';

function renderAt(path: string, pattern: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const SUBJECT = { id: 5, name: 'Algorithmique' };

/** The API of the form: the subject, its budget, and what a POST answers. */
function formApi(used: number | null, post: () => Response = () => jsonResponse(500, {})) {
  return mockFetch((url, init) => {
    if (init.method === 'POST') return post();
    if (url.startsWith('/api/subjects/5/evaluation-budget')) {
      return jsonResponse(200, {
        trainings: used === null ? [] : [{ id: 3, title: 'Licence 3', used }],
      });
    }
    if (url === '/api/subjects/5') return jsonResponse(200, SUBJECT);
    throw new Error(`Unexpected ${url}`);
  });
}

describe('the evaluation form', () => {
  it('counts the typed percentage in the training’s total and turns to an error above 100', async () => {
    formApi(60);
    renderAt('/5/evaluations/add', '/:subjectId/evaluations/add', <EvaluationFormPage />);
    expect(await screen.findByText('60 / 100 % utilisés dans cette formation')).toBeInTheDocument();
    fill('Pourcentage', '40');
    expect(
      await screen.findByText('100 / 100 % utilisés dans cette formation'),
    ).toBeInTheDocument();
    fill('Pourcentage', '40,5');
    expect(
      await screen.findByText('100,5 / 100 % : le total dépasse 100 %, ajustez les pourcentages.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal of the percentage under the field', async () => {
    const fetch = formApi(60, () =>
      jsonResponse(422, {
        message: 'Invalide',
        errors: { percentage: ['Le total dépasse 100 % (serveur) : ajustez les pourcentages.'] },
      }),
    );
    renderAt('/5/evaluations/add', '/:subjectId/evaluations/add', <EvaluationFormPage />);
    await screen.findByText('60 / 100 % utilisés dans cette formation');
    fill('Titre', 'Partiel');
    fill('Date', '2027-01-14');
    fill('Début', '09:00');
    fill('Fin', '11:00');
    fill('Durée (minutes)', '90');
    fill('Pourcentage', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Le total dépasse 100 % (serveur) : ajustez les pourcentages.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Pourcentage')).toHaveAttribute('aria-invalid', 'true');
    const posted = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({
      subject_id: 5,
      training_id: 3,
      type: 'exam',
      percentage: 30,
      duration_minutes: 90,
    });
  });

  it('shows the spec’s warning instead of the form when the subject is in no training', async () => {
    formApi(null);
    renderAt('/5/evaluations/add', '/:subjectId/evaluations/add', <EvaluationFormPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('associée à aucune formation');
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });
});

const item = (id: number, status: MyEvaluation['status'], title: string): MyEvaluation => ({
  id,
  type: 'exam',
  title,
  date: '2026-11-22',
  start_time: '09:00',
  end_time: '11:00',
  duration_minutes: 60,
  deadline: null,
  late_until: null,
  late_penalty: null,
  location: null,
  organizer: null,
  domain: null,
  percentage: 40,
  scale: 20,
  has_quiz: false,
  opens_at: '2026-11-22T08:00:00.000Z',
  closes_at: '2026-11-22T10:00:00.000Z',
  subject: SUBJECT,
  training: { id: 3, title: 'Licence 3' },
  time_zone: 'Europe/Paris',
  status,
  is_open: false,
  attempt: null,
  submission: null,
});

describe('the student’s evaluations', () => {
  it('shows each status as words, and asks the server for one status', async () => {
    const answer: MyEvaluationList = {
      data: [item(1, 'today', 'Partiel'), item(2, 'failed', 'Contrôle')],
      meta: { page: 1, per_page: 25, total: 2 },
      server_now: '2026-11-22T07:00:00.000Z',
    };
    const fetch = mockFetch((url) =>
      jsonResponse(
        200,
        url.includes('status=failed') ? { ...answer, data: [answer.data[1]] } : answer,
      ),
    );
    renderAt('/list-evaluations', '/list-evaluations', <MyEvaluationsPage />);
    const list = await screen.findByRole('list', { name: 'Mes évaluations' });
    expect(within(list).getByText('Aujourd’hui').closest('li')).toHaveTextContent('Partiel');
    expect(within(list).getByText('Échouée').closest('li')).toHaveTextContent('Contrôle');
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'failed' } });
    await waitFor(() => expect(screen.queryByText('Partiel')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url]) => String(url).includes('status=failed'))).toBe(true);
  });

  it('asks for the next page and shows which rows it holds', async () => {
    const second = (url: string) => /[?&]page=2&/.test(url);
    const fetch = mockFetch((url) =>
      jsonResponse(200, {
        data: second(url) ? [item(26, 'soon', 'Projet final')] : [item(1, 'today', 'Partiel')],
        meta: { page: second(url) ? 2 : 1, per_page: 25, total: 26 },
        server_now: '2026-11-22T07:00:00.000Z',
      }),
    );
    renderAt('/list-evaluations', '/list-evaluations', <MyEvaluationsPage />);
    expect(await screen.findByText('Partiel')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Projet final')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => second(String(url)))).toBe(true);
  });

  it('says when there is no evaluation', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        data: [],
        meta: { page: 1, per_page: 25, total: 0 },
        server_now: '2026-11-22T07:00:00.000Z',
      }),
    );
    renderAt('/list-evaluations', '/list-evaluations', <MyEvaluationsPage />);
    expect(await screen.findByText('Aucune évaluation trouvée')).toBeInTheDocument();
  });
});
