import type { Transcript } from '@skolar/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TranscriptPage } from './transcript-page.tsx';
import { VerifyFormPage, VerifyPage } from './verify-page.tsx';

function renderAt(path: string, routes: { path: string; element: React.ReactNode }[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const PROMOTION = {
  id: 4,
  name: 'Licence 3 Informatique',
  academic_year: '2026-2027',
  level: 'L3',
};

/** Algorithmique: (14,5 × 40 + 0 × 20) ÷ 60 = 9,67; Bases de données: 31/40 → 15,5; overall 12. */
const TRANSCRIPT: Transcript = {
  student: { id: 9, first_name: 'Léa', last_name: 'Dubois' },
  institution: {
    id: 1,
    name: 'Université Lumière',
    color_code: '#8A1538',
    logo_link: null,
    time_zone: 'Europe/Paris',
  },
  promotion: PROMOTION,
  program: { id: 2, name: 'Licence Informatique' },
  levels: ['L1', 'L2', 'L3'],
  average: 12,
  subjects: [
    {
      subject_id: 1,
      name: 'Algorithmique',
      coefficient: 3,
      average: 580 / 60,
      evaluations: [
        {
          evaluation_id: 11,
          title: 'Partiel',
          type: 'exam',
          date: '2026-10-10',
          percentage: 40,
          scale: 20,
          grade: 14.5,
          absent: false,
          pending: false,
          normalised: 14.5,
        },
        {
          evaluation_id: 12,
          title: 'Quiz SQL',
          type: 'exam',
          date: '2026-10-20',
          percentage: 20,
          scale: 20,
          grade: null,
          absent: true,
          pending: false,
          normalised: 0,
        },
        {
          evaluation_id: 13,
          title: 'Examen final',
          type: 'exam',
          date: '2026-12-15',
          percentage: 40,
          scale: 20,
          grade: null,
          absent: false,
          pending: true,
          normalised: null,
        },
      ],
    },
    {
      subject_id: 2,
      name: 'Bases de données',
      coefficient: 2,
      average: 15.5,
      evaluations: [
        {
          evaluation_id: 21,
          title: 'Projet SQL',
          type: 'project',
          date: '2026-11-01',
          percentage: 50,
          scale: 40,
          grade: 31,
          absent: false,
          pending: false,
          normalised: 15.5,
        },
      ],
    },
  ],
  promotions: [PROMOTION],
  generated_at: '2026-11-22T10:00:00.000Z',
};

describe('the transcript page', () => {
  it('shows averages, the absence at 0/20, the pending row and the notes', async () => {
    mockFetch((url) => {
      if (url === '/api/me/transcript') return jsonResponse(200, TRANSCRIPT);
      throw new Error(`Unexpected ${url}`);
    });
    renderAt('/transcript', [{ path: '/transcript', element: <TranscriptPage /> }]);

    const algo = await screen.findByRole('region', { name: 'Algorithmique' });
    expect(within(algo).getByText('Absent (0/20)')).toBeInTheDocument();
    expect(within(algo).getByText('En attente')).toBeInTheDocument();
    expect(within(algo).getByText('9,67 / 20')).toBeInTheDocument();
    expect(within(algo).getByText('14,5 / 20')).toBeInTheDocument();
    const db = screen.getByRole('region', { name: 'Bases de données' });
    expect(within(db).getByText('31 / 40')).toBeInTheDocument();
    expect(within(db).getByText('15,5 / 20')).toBeInTheDocument();

    expect(screen.getByText('12')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Les notes et les pondérations peuvent encore changer jusqu'à l'impression du bulletin annuel officiel.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/ne comptent pas dans les moyennes/)).toBeInTheDocument();
    for (const level of ['L1', 'L2', 'L3']) expect(screen.getByText(level)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le PDF' })).toBeInTheDocument();

    // The sums, so anyone can redo them.
    fireEvent.click(screen.getByText("Comment c'est calculé"));
    expect(screen.getByText('(14,5 × 40 + 0 × 20) ÷ (40 + 20) = 9,67')).toBeInTheDocument();
    expect(screen.getByText('(9,67 × 3 + 15,5 × 2) ÷ (3 + 2) = 12')).toBeInTheDocument();
  });

  it('says so when the student is in no promotion yet', async () => {
    mockFetch(() => jsonResponse(404, { message: 'Introuvable.' }));
    renderAt('/transcript', [{ path: '/transcript', element: <TranscriptPage /> }]);
    expect(await screen.findByText(/Pas encore de relevé/)).toBeInTheDocument();
  });
});

describe('the verification pages', () => {
  it('normalises a typed code and shows what the genuine document contained', async () => {
    mockFetch((url) => {
      if (url === '/api/verify/K7Q2-0000-1111-ABCD-EFGH') {
        return jsonResponse(200, {
          genuine: true,
          issued_at: '2026-11-22T10:00:00.000Z',
          locale: 'fr',
          student: TRANSCRIPT.student,
          institution: TRANSCRIPT.institution,
          average: 12,
          content: TRANSCRIPT,
        });
      }
      throw new Error(`Unexpected ${url}`);
    });
    renderAt('/verify', [
      { path: '/verify', element: <VerifyFormPage /> },
      { path: '/verify/:code', element: <VerifyPage /> },
    ]);
    fireEvent.change(screen.getByLabelText('Code de vérification'), {
      target: { value: 'k7q2 oooo iill abcd efgh' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText(/Document authentique/)).toHaveTextContent('Léa Dubois');
    expect(screen.getByRole('region', { name: 'Algorithmique' })).toBeInTheDocument();
  });

  it('refuses a code of the wrong shape and reports an unknown one', async () => {
    mockFetch(() => jsonResponse(404, { message: 'Introuvable.' }));
    const router = renderAt('/verify/K7Q2-0000-1111-ABCD-EFGH', [
      { path: '/verify/:code', element: <VerifyPage /> },
    ]);
    expect(await screen.findByText(/Aucun relevé n'a été délivré/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Code de vérification'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText(/Un code compte 20 lettres/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify/K7Q2-0000-1111-ABCD-EFGH');
  });
});
