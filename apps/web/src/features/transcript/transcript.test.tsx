import type { DocumentVerification, Transcript } from '@skolar/shared';
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
          kind: 'transcript',
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
    expect(await screen.findByText(/Aucun document n'a été délivré/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Code de vérification'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText(/Un code compte 20 lettres/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify/K7Q2-0000-1111-ABCD-EFGH');
  });

  it('shows what a genuine attendance sheet printed: each line, its signature, the totals', async () => {
    const signature = {
      signed_at: '2026-11-23T07:41:00.000Z',
      statement_sha256: 'a'.repeat(64),
    };
    const sheet: DocumentVerification = {
      kind: 'attendance_sheet',
      genuine: true,
      issued_at: '2026-11-30T16:00:00.000Z',
      locale: 'fr',
      content: {
        scope: 'learner',
        institution: { name: 'Université Lumière', time_zone: 'Europe/Paris' },
        learner: { first_name: 'Léa', last_name: 'Dubois' },
        from: '2026-11-01',
        to: '2026-11-30',
        sessions: [
          {
            title: 'Algorithmique',
            training: 'Développeur web',
            audience: 'Licence L3',
            trainer: 'Thomas Lefèvre',
            starts_at: '2026-11-23T07:30:00.000Z',
            ends_at: '2026-11-23T15:30:00.000Z',
            half_days: ['am', 'pm'],
            closed_at: '2026-11-23T16:00:00.000Z',
            trainer_signature: { ...signature, statement_sha256: 'b'.repeat(64) },
            lines: [
              {
                first_name: 'Léa',
                last_name: 'Dubois',
                half_day: 'am',
                status: 'late',
                late_minutes: 12,
                checked_in_at: '2026-11-23T07:42:00.000Z',
                signature,
              },
              {
                first_name: 'Léa',
                last_name: 'Dubois',
                half_day: 'pm',
                status: 'absent',
                late_minutes: null,
                checked_in_at: null,
                signature: null,
              },
            ],
          },
        ],
        totals: {
          sessions: 1,
          half_days: 2,
          planned_minutes: 480,
          attended_minutes: 228,
          rate: 228 / 480,
          counts: { present: 0, late: 1, absent: 1, excused: 0, unmarked: 0 },
        },
      },
    };
    mockFetch((url) => {
      if (url === '/api/verify/K7Q2-0000-1111-ABCD-EFGH') return jsonResponse(200, sheet);
      throw new Error(`Unexpected ${url}`);
    });
    renderAt('/verify/K7Q2-0000-1111-ABCD-EFGH', [
      { path: '/verify/:code', element: <VerifyPage /> },
    ]);
    expect(await screen.findByText(/Document authentique/)).toHaveTextContent(
      /feuille d'émargement de Léa Dubois du 1 nov\. 2026 au 30 nov\. 2026, délivrée par Université Lumière le 30 novembre 2026 à 17:00/,
    );
    const session = screen.getByRole('region', { name: 'Algorithmique' });
    // The hours in the institution's zone (Paris, UTC+1 in November).
    expect(within(session).getByText(/lundi 23 novembre 2026, 08:30 – 16:30/)).toBeInTheDocument();
    expect(within(session).getByText('Séance close le 23 nov. 2026, 17:00')).toBeInTheDocument();
    expect(within(session).getByText('Développeur web')).toBeInTheDocument();
    const rows = within(session).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      'Léa DuboisMatinEn retard (12 min)08:42Signé le 23 nov. 2026, 08:41',
    );
    expect(within(rows[1]!).getByText('a'.repeat(64))).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Après-midiAbsent·e—Non signé');
    expect(within(session).getByText('b'.repeat(64))).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Résumé du document' });
    expect(within(summary).getByText('3,8 h / 8 h')).toBeInTheDocument();
    expect(within(summary).getByText('47,5 %')).toBeInTheDocument();
    expect(within(summary).getByText('1 absence')).toBeInTheDocument();
  });

  it('shows what a genuine certificate of attendance printed', async () => {
    const certificate: DocumentVerification = {
      kind: 'attendance_certificate',
      genuine: true,
      issued_at: '2026-11-30T16:00:00.000Z',
      locale: 'fr',
      content: {
        institution: { name: 'Université Lumière', time_zone: 'Europe/Paris' },
        learner: { first_name: 'Léa', last_name: 'Dubois' },
        training: 'Développeur web',
        from: '2026-09-01',
        to: '2026-11-30',
        totals: {
          sessions: 7,
          half_days: 14,
          planned_minutes: 840,
          attended_minutes: 750,
          rate: 750 / 840,
          counts: { present: 12, late: 1, absent: 1, excused: 0, unmarked: 0 },
        },
      },
    };
    mockFetch((url) => {
      if (url === '/api/verify/K7Q2-0000-1111-ABCD-EFGH') return jsonResponse(200, certificate);
      throw new Error(`Unexpected ${url}`);
    });
    renderAt('/verify/K7Q2-0000-1111-ABCD-EFGH', [
      { path: '/verify/:code', element: <VerifyPage /> },
    ]);
    expect(await screen.findByText(/Document authentique/)).toHaveTextContent(
      "attestation d'assiduité de Léa Dubois du 1 sept. 2026 au 30 nov. 2026",
    );
    const summary = screen.getByRole('region', { name: 'Résumé du document' });
    expect(within(summary).getByText('Développeur web')).toBeInTheDocument();
    expect(within(summary).getByText('12,5 h / 14 h')).toBeInTheDocument();
    expect(within(summary).getByText('89,3 %')).toBeInTheDocument();
    expect(within(summary).getByText('12 présentes')).toBeInTheDocument();
    expect(within(summary).getByText('1 en retard')).toBeInTheDocument();
  });

  it('names the session of a session’s attendance sheet, and says who has not signed', async () => {
    const sheet: DocumentVerification = {
      kind: 'attendance_sheet',
      genuine: true,
      issued_at: '2026-11-23T17:00:00.000Z',
      locale: 'en',
      content: {
        scope: 'session',
        institution: { name: 'Université Lumière', time_zone: 'Europe/Paris' },
        learner: null,
        from: '2026-11-23',
        to: '2026-11-23',
        sessions: [
          {
            title: 'Atelier de révision',
            training: null,
            audience: 'TD A',
            trainer: null,
            starts_at: '2026-11-23T13:00:00.000Z',
            ends_at: '2026-11-23T15:00:00.000Z',
            half_days: ['pm'],
            closed_at: null,
            trainer_signature: null,
            lines: [],
          },
        ],
        totals: null,
      },
    };
    mockFetch(() => jsonResponse(200, sheet));
    renderAt('/verify/K7Q2-0000-1111-ABCD-EFGH', [
      { path: '/verify/:code', element: <VerifyPage /> },
    ]);
    expect(await screen.findByText(/Document authentique/)).toHaveTextContent(
      "feuille d'émargement de la séance « Atelier de révision » du 23 novembre 2026",
    );
    const session = screen.getByRole('region', { name: 'Atelier de révision' });
    expect(within(session).getByText('Séance non close')).toBeInTheDocument();
    expect(within(session).getByText('Sans formation')).toBeInTheDocument();
    expect(
      within(session).getByText("Personne n'était attendu à cette séance."),
    ).toBeInTheDocument();
    expect(within(session).getByText('Non signé')).toBeInTheDocument();
    expect(screen.queryByText("Taux d'assiduité")).toBeNull();
  });
});
