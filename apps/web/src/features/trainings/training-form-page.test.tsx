import type { Promotion, TrainingDetail } from '@skolar/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TrainingDetailPage } from './training-detail-page.tsx';
import { TrainingFormPage } from './training-form-page.tsx';

const PROMOTION: Promotion = {
  id: 7,
  institution_id: 1,
  program_id: 2,
  program_name: 'Licence Informatique',
  name: 'L3 2026-2027',
  academic_year: '2026-2027',
  level: 'L3',
  created_at: '2026-09-01T08:00:00.000Z',
  archived_at: null,
  nb_students: 2,
  nb_teachers: 1,
  nb_trainings: 1,
  nb_groups: 0,
  can: { update: true, delete: false, archive: true },
};

const TRAINING: TrainingDetail = {
  id: 3,
  institution_id: 1,
  institution_name: 'Université Skolar',
  institution_color_code: '#7A1F5C',
  promotion_id: 7,
  promotion_name: 'L3 2026-2027',
  program_id: 2,
  academic_year: '2026-2027',
  title: 'Développeur web',
  program: 'Licence Informatique',
  level: 'L3',
  description: '',
  total_hours: 420,
  cover_link: null,
  visibility: 'private',
  attendance_threshold: 75,
  created_at: '2026-09-01T08:00:00.000Z',
  archived_at: null,
  nb_modules: 0,
  nb_subjects: 0,
  can: { update: true, delete: false, archive: true },
  modules: [],
  subjects: [],
};

/** The API of the form: the promotion, the training, and the bodies saved (`METHOD url`). */
function api() {
  const saved: { call: string; body: Record<string, unknown> }[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/promotions/7') return jsonResponse(200, PROMOTION);
    if (method === 'GET' && url === '/api/trainings/3') return jsonResponse(200, TRAINING);
    if (method === 'POST' && url === '/api/trainings') {
      saved.push({ call: `${method} ${url}`, body: JSON.parse(String(init.body)) });
      return jsonResponse(201, TRAINING);
    }
    if (method === 'PATCH' && url === '/api/trainings/3') {
      saved.push({ call: `${method} ${url}`, body: JSON.parse(String(init.body)) });
      return jsonResponse(200, TRAINING);
    }
    throw new Error(`Unexpected request ${method} ${url}`);
  });
  return saved;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/:id/:promotionId/trainings/add', element: <TrainingFormPage /> },
      { path: '/:id/:promotionId/trainings/edit/:trainingId', element: <TrainingFormPage /> },
      { path: '/:id/:promotionId/trainings/:trainingId', element: <p>training saved</p> },
    ],
    { initialEntries: [entry] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('the training form’s attendance threshold', () => {
  it('sends the threshold typed as a number', async () => {
    const saved = api();
    renderAt('/2/7/trainings/add');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Titre'), 'Développeur web');
    const threshold = screen.getByLabelText("Seuil d'assiduité (%)");
    expect(threshold).toHaveAccessibleDescription(
      'Facultatif. Les apprenants en dessous sont signalés.',
    );
    await user.type(threshold, '80');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('training saved')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        call: 'POST /api/trainings',
        body: expect.objectContaining({
          title: 'Développeur web',
          level: 'L3',
          promotion_id: 7,
          attendance_threshold: 80,
        }),
      },
    ]);
  });

  it('sends null when the field is left empty', async () => {
    const saved = api();
    renderAt('/2/7/trainings/add');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Titre'), 'Développeur web');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('training saved')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.body).toHaveProperty('attendance_threshold', null);
  });

  it('shows the training’s threshold, and sends null once it is cleared', async () => {
    const saved = api();
    renderAt('/2/7/trainings/edit/3');
    const threshold = await screen.findByLabelText("Seuil d'assiduité (%)");
    await screen.findByDisplayValue('Développeur web');
    expect(threshold).toHaveValue(75);
    const user = userEvent.setup();
    await user.clear(threshold);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('training saved')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        call: 'PATCH /api/trainings/3',
        body: expect.objectContaining({ title: 'Développeur web', attendance_threshold: null }),
      },
    ]);
  });

  it('refuses a threshold out of 1 to 100 under the field, sending nothing', async () => {
    const saved = api();
    renderAt('/2/7/trainings/edit/3');
    const threshold = await screen.findByLabelText("Seuil d'assiduité (%)");
    await screen.findByDisplayValue('Développeur web');
    const user = userEvent.setup();
    await user.clear(threshold);
    await user.type(threshold, '120');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(
      await screen.findByText('Saisissez un pourcentage entier de 1 à 100, ou laissez vide.'),
    ).toBeInTheDocument();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);
  });
});

describe('the training’s page', () => {
  it('shows the attendance threshold when one is set', async () => {
    api();
    const router = createMemoryRouter(
      [{ path: '/:id/:promotionId/trainings/:trainingId', element: <TrainingDetailPage /> }],
      { initialEntries: ['/2/7/trainings/3'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const term = await screen.findByText('Seuil d’assiduité');
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling).toHaveTextContent(/^75\s%$/);
  });
});
