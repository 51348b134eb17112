import type { DashboardAnswer, Role } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { DashboardPage } from './dashboard-page.tsx';

const ANSWER: DashboardAnswer = {
  counts: [
    { key: 'training', value: 2 },
    { key: 'seminar', value: 1 },
    { key: 'subject', value: 5 },
    { key: 'evaluation', value: 4 },
  ],
  upcoming: [
    {
      id: 3,
      type: 'exam',
      title: 'Examen final d’algorithmique',
      date: '2026-12-01',
      start_time: '09:00:00',
      subject_id: 8,
      subject: 'Algorithmique',
      training: 'Licence 3',
      status: 'soon',
    },
  ],
};

/** The dashboard with its two calls held until the test answers them. */
async function renderHeld(role: Role = 'student') {
  await signedInAs(role);
  const answers = new Map<string, (response: Response) => void>();
  mockFetch(
    (url) =>
      new Promise<Response>((resolve) => {
        answers.set(url, resolve);
      }),
  );
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return (url: string, body: unknown) => answers.get(url)?.(jsonResponse(200, body));
}

describe('DashboardPage', () => {
  it('keeps the place of what loads with hidden placeholders in busy regions, then shows the data', async () => {
    const answer = await renderHeld();

    // At once: the greeting, the shortcuts, the counts' labels and the panels' headings.
    expect(screen.getByRole('heading', { level: 1, name: 'Bonjour, Amina !' })).toBeInTheDocument();
    const shortcuts = screen.getByRole('region', { name: 'Accès rapides' });
    expect(within(shortcuts).getAllByRole('link')).not.toHaveLength(0);
    const counts = document.querySelector('dl.dashboard__counts');
    expect(counts).toHaveAttribute('aria-busy', 'true');
    expect(
      within(counts as HTMLElement)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Formations', 'Séminaires', 'Matières', 'Évaluations à venir']);
    for (const value of within(counts as HTMLElement).getAllByRole('definition')) {
      expect(value.querySelector('.skeleton')).toHaveAttribute('aria-hidden', 'true');
    }
    const upcoming = screen.getByRole('region', { name: 'Prochaines évaluations' });
    expect(upcoming).toHaveAttribute('aria-busy', 'true');
    const rows = upcoming.querySelector('ul');
    expect(rows).toHaveAttribute('aria-hidden', 'true');
    expect(rows?.children).toHaveLength(3);
    expect(within(upcoming).getByRole('link', { name: 'Voir mon planning' })).toBeInTheDocument();
    const resume = screen.getByRole('region', { name: 'Reprendre où vous vous êtes arrêté' });
    expect(resume).toHaveAttribute('aria-busy', 'true');
    expect(within(resume).queryByRole('link')).toBeNull();

    answer('/api/me/dashboard', ANSWER);
    answer('/api/me/resume', { chapter: null });

    expect(await within(upcoming).findByText('Examen final d’algorithmique')).toBeInTheDocument();
    expect(upcoming).not.toHaveAttribute('aria-busy');
    expect(upcoming.querySelector('.skeleton')).toBeNull();
    expect(counts).not.toHaveAttribute('aria-busy');
    expect(
      within(counts as HTMLElement)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['2', '1', '5', '4']);
    expect(await within(resume).findByRole('link', { name: 'Mes formations' })).toHaveAttribute(
      'href',
      '/student/trainings',
    );
    expect(resume).not.toHaveAttribute('aria-busy');
  });

  it('says there is nothing to come once an empty answer arrives', async () => {
    const answer = await renderHeld();
    answer('/api/me/dashboard', { ...ANSWER, upcoming: [] });
    answer('/api/me/resume', { chapter: null });
    const upcoming = screen.getByRole('region', { name: 'Prochaines évaluations' });
    expect(await within(upcoming).findByText('Aucune évaluation à venir.')).toBeInTheDocument();
    expect(upcoming.querySelector('.skeleton')).toBeNull();
  });

  it('links each next evaluation to its page: the student’s own', async () => {
    const answer = await renderHeld();
    answer('/api/me/dashboard', ANSWER);
    answer('/api/me/resume', { chapter: null });
    const upcoming = screen.getByRole('region', { name: 'Prochaines évaluations' });
    expect(
      await within(upcoming).findByRole('link', { name: 'Examen final d’algorithmique' }),
    ).toHaveAttribute('href', '/evaluation-details/3');
  });

  it('links each next evaluation to its page: the staff’s, under its subject', async () => {
    const answer = await renderHeld('teacher');
    answer('/api/me/dashboard', {
      ...ANSWER,
      upcoming: [{ ...ANSWER.upcoming[0]!, status: null }],
    });
    const upcoming = screen.getByRole('region', { name: 'Prochaines évaluations' });
    expect(
      await within(upcoming).findByRole('link', { name: 'Examen final d’algorithmique' }),
    ).toHaveAttribute('href', '/8/evaluations/3');
  });
});
