import type { GradeGrid } from '@skolar/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { GradeGridPage } from './grade-grid-page.tsx';

const student = (id: number, last: string) => ({
  id,
  first_name: 'Élève',
  last_name: last,
  email: `${last.toLowerCase()}@uni.test`,
});

const GRID: GradeGrid = {
  blind: false,
  evaluation: {
    id: 9,
    title: 'Partiel',
    type: 'exam',
    scale: 20,
    percentage: 40,
    has_quiz: false,
    deadline: null,
    late_until: null,
    late_penalty: null,
    subject: { id: 5, name: 'Algorithmique' },
    training: { id: 3, title: 'Licence 3' },
    promotion: { id: 2, name: 'L3 2026' },
    time_zone: 'Europe/Paris',
    counts: { students: 3, graded: 1, absent: 0, published: 0, unpublished: 1 },
  },
  groups: [],
  group_id: null,
  rows: [
    {
      student: student(1, 'Alpha'),
      result: {
        id: 100,
        grade: 12,
        absent: false,
        comment: null,
        version: 1,
        published_at: null,
        updated_at: '2026-11-22T10:00:00.000Z',
        changed_by_name: 'Ada Prof',
      },
      quiz: null,
    },
    { student: student(2, 'Beta'), result: null, quiz: null },
    { student: student(3, 'Gamma'), result: null, quiz: null },
  ],
};

function renderGrid(put: (body: unknown) => Response = () => jsonResponse(200, GRID)) {
  const fetch = mockFetch((url, init) => {
    if (init.method === 'PUT') return put(JSON.parse(String(init.body)));
    if (url.startsWith('/api/evaluations/9/results')) return jsonResponse(200, GRID);
    throw new Error(`Unexpected ${url}`);
  });
  const router = createMemoryRouter(
    [
      { path: '/:id/results/add', element: <GradeGridPage /> },
      { path: '/:subjectId/evaluations/:id', element: <p>Page de l’évaluation</p> },
    ],
    { initialEntries: ['/9/results/add'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return fetch;
}

const gradeOf = (name: string) =>
  screen.getByLabelText(`Note de ${name} Élève sur 20 (tapez abs pour absent)`);

describe('the grade grid', () => {
  // The way back to the evaluation is shown to the staff who may open it.
  beforeEach(() => signedInAs('teacher'));

  it('moves the focus with the arrow keys and Enter', async () => {
    renderGrid();
    const alpha = await waitFor(() => gradeOf('Alpha'));
    alpha.focus();
    fireEvent.keyDown(alpha, { key: 'ArrowDown' });
    expect(gradeOf('Beta')).toHaveFocus();
    fireEvent.keyDown(gradeOf('Beta'), { key: 'Enter' });
    expect(gradeOf('Gamma')).toHaveFocus();
    fireEvent.keyDown(gradeOf('Gamma'), { key: 'ArrowUp' });
    expect(gradeOf('Beta')).toHaveFocus();
    fireEvent.keyDown(gradeOf('Beta'), { key: 'ArrowRight' });
    expect(screen.getByLabelText('Beta Élève absent')).toHaveFocus();
    fireEvent.keyDown(screen.getByLabelText('Beta Élève absent'), { key: 'ArrowRight' });
    expect(screen.getByLabelText('Commentaire pour Beta Élève')).toHaveFocus();
    fireEvent.keyDown(screen.getByLabelText('Commentaire pour Beta Élève'), { key: 'ArrowLeft' });
    expect(screen.getByLabelText('Beta Élève absent')).toHaveFocus();
  });

  it('marks a student absent when abs is typed, and sends only the changed lines', async () => {
    const fetch = renderGrid();
    await waitFor(() => gradeOf('Beta'));
    fireEvent.change(gradeOf('Beta'), { target: { value: 'ABS' } });
    expect(screen.getByLabelText('Beta Élève absent')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer 1 modification' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      results: [{ student_id: 2, grade: null, absent: true, comment: null, version: 0 }],
    });
  });

  it('shows the server’s per-line 422 under its cell', async () => {
    renderGrid(() =>
      jsonResponse(422, {
        message: 'Certaines valeurs sont invalides.',
        errors: { 'results.1.grade': ['La note doit être comprise entre 0 et 20.'] },
      }),
    );
    await waitFor(() => gradeOf('Beta'));
    fireEvent.change(gradeOf('Alpha'), { target: { value: '13' } });
    fireEvent.change(gradeOf('Gamma'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer 2 modifications' }));
    const error = await screen.findByText('La note doit être comprise entre 0 et 20.');
    expect(gradeOf('Gamma')).toHaveAttribute('aria-invalid', 'true');
    expect(gradeOf('Gamma').getAttribute('aria-describedby')).toBe(error.id);
    expect(gradeOf('Alpha')).not.toHaveAttribute('aria-invalid');
  });

  it('shows on the row who changed it meanwhile, and keep mine re-sends from their version', async () => {
    let calls = 0;
    const fetch = renderGrid(() => {
      calls += 1;
      if (calls > 1) return jsonResponse(200, GRID);
      return jsonResponse(409, {
        message: 'Des notes ont été modifiées entre-temps : rien n’a été enregistré.',
        errors: { 'results.0.version': ['Cette ligne a été modifiée.'] },
        conflicts: [
          {
            student_id: 1,
            version: 2,
            grade: 15,
            absent: false,
            comment: null,
            changed_by_name: 'Blaise Collègue',
            changed_at: '2026-11-22T10:05:00.000Z',
          },
        ],
      });
    });
    await waitFor(() => gradeOf('Alpha'));
    fireEvent.change(gradeOf('Alpha'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer 1 modification' }));
    expect(await screen.findByText(/Modifiée par Blaise Collègue/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Garder la mienne' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer 1 modification' }));
    await waitFor(() => expect(calls).toBe(2));
    const puts = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(puts[1]?.[1]?.body)).results[0]).toMatchObject({
      student_id: 1,
      grade: 9,
      version: 2,
    });
  });

  it('asks before leaving with unsaved grades', async () => {
    renderGrid();
    await waitFor(() => gradeOf('Beta'));
    fireEvent.change(gradeOf('Beta'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('link', { name: 'Évaluation' }));
    expect(await screen.findByText('Quitter sans enregistrer ?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Rester' }));
    await waitFor(() => expect(screen.queryByText('Quitter sans enregistrer ?')).toBeNull());
    expect(gradeOf('Beta')).toHaveValue('11');
    fireEvent.click(screen.getByRole('link', { name: 'Évaluation' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quitter sans enregistrer' }));
    expect(await screen.findByText('Page de l’évaluation')).toBeInTheDocument();
  });
});
