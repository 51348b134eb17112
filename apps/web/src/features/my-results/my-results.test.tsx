import type { MyResult } from '@skolar/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MyResultsPage } from './my-results-page.tsx';

const result = (overrides: Partial<MyResult> & { title: string; subject: string }): MyResult => {
  const { title, subject, ...rest } = overrides;
  return {
    id: Math.floor(Math.random() * 1e6),
    evaluation: {
      id: Math.floor(Math.random() * 1e6),
      title,
      type: 'exam',
      date: '2026-10-01',
      subject: { id: subject.length, name: subject },
      training: { id: 3, title: 'Licence 3 Informatique' },
      percentage: 40,
      scale: 20,
    },
    grade: 14.5,
    absent: false,
    normalised: 14.5,
    comment: null,
    published_at: '2026-10-05T10:00:00.000Z',
    corrected_at: null,
    class: { average: 11.25, minimum: 0, maximum: 18, count: 24 },
    ...rest,
  };
};

function renderPage(data: MyResult[]) {
  const fetch = mockFetch((url) => {
    if (url === '/api/me/results') return jsonResponse(200, { data });
    throw new Error(`Unexpected ${url}`);
  });
  const router = createMemoryRouter([{ path: '/results', element: <MyResultsPage /> }], {
    initialEntries: ['/results'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return fetch;
}

describe('the /results page', () => {
  it('lists the grades by subject with the class’s figures, absences as 0/20 and comments', async () => {
    renderPage([
      result({ title: 'Partiel algo', subject: 'Algorithmique', comment: 'Très bonne copie' }),
      result({ title: 'Projet web', subject: 'Web', grade: 31, normalised: 15.5 }),
      result({
        title: 'Quiz SQL',
        subject: 'Bases de données',
        grade: null,
        absent: true,
        normalised: 0,
        class: { average: null, minimum: null, maximum: null, count: 2 },
      }),
    ]);
    const algo = await screen.findByRole('region', { name: 'Algorithmique' });
    expect(within(algo).getByText('Partiel algo')).toBeInTheDocument();
    expect(within(algo).getByText('14,5/20')).toBeInTheDocument();
    expect(within(algo).getByText('Moyenne de la classe').nextSibling).toHaveTextContent(
      '11,25/20',
    );
    expect(within(algo).getByText('Minimum').nextSibling).toHaveTextContent('0/20');
    expect(within(algo).getByText('Maximum').nextSibling).toHaveTextContent('18/20');
    expect(within(algo).getByText('Très bonne copie')).toBeInTheDocument();
    const sql = screen.getByRole('region', { name: 'Bases de données' });
    expect(within(sql).getByText('Absent (0/20)')).toBeInTheDocument();
    expect(
      within(sql).getByText(/Statistiques de la classe masquées : 2 notes publiées/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mon relevé de notes' })).toHaveAttribute(
      'href',
      '/transcript',
    );
  });

  it('shows a grade on another scale and out of 20', async () => {
    const web = result({ title: 'Projet web', subject: 'Web', grade: 31, normalised: 15.5 });
    web.evaluation.scale = 40;
    renderPage([web]);
    expect(await screen.findByText('31/40')).toBeInTheDocument();
    expect(screen.getByText('soit 15,5/20')).toBeInTheDocument();
  });

  it('groups by training on demand', async () => {
    renderPage([result({ title: 'Partiel algo', subject: 'Algorithmique' })]);
    await screen.findByRole('region', { name: 'Algorithmique' });
    fireEvent.change(screen.getByLabelText('Regrouper par'), { target: { value: 'training' } });
    expect(
      await screen.findByRole('region', { name: 'Licence 3 Informatique' }),
    ).toBeInTheDocument();
  });

  it('says when nothing is published yet', async () => {
    renderPage([]);
    expect(await screen.findByText(/Aucune note publiée pour le moment/)).toBeInTheDocument();
  });

  it('dates a grade corrected after its publication with its own date (issue 28)', async () => {
    renderPage([
      result({ title: 'Partiel algo', subject: 'Algorithmique' }),
      result({
        title: 'Projet web',
        subject: 'Web',
        grade: 16,
        corrected_at: '2026-10-20T09:30:00.000Z',
      }),
    ]);
    const web = await screen.findByRole('region', { name: 'Web' });
    expect(within(web).getByText('Corrigée')).toBeInTheDocument();
    expect(
      within(web).getByText(/le 20 oct\. 2026.*après sa publication du 5 oct\. 2026/),
    ).toBeInTheDocument();
    const algo = screen.getByRole('region', { name: 'Algorithmique' });
    expect(within(algo).getByText('Publiée le 5 oct. 2026')).toBeInTheDocument();
    expect(within(algo).queryByText('Corrigée')).toBeNull();
  });
});
