import type { MyAttendance as MyAttendanceWire } from '@skolar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { CheckInPage } from './check-in-page.tsx';
import { MyAttendance } from './my-attendance.tsx';

const counts = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };

/** Développeur web: 72 %, under its threshold of 80 %; Algorithmique: 100 %, no threshold. */
const MINE: MyAttendanceWire = {
  student: { id: 7, first_name: 'Amina', last_name: 'Diallo' },
  from: '2026-09-01',
  to: '2026-11-23',
  trainings: [
    {
      training: { id: 4, title: 'Algorithmique', threshold: null },
      sessions: 1,
      half_days: 1,
      planned_minutes: 120,
      attended_minutes: 120,
      rate: 1,
      counts: { ...counts, present: 1 },
      below: false,
    },
    {
      training: { id: 3, title: 'Développeur web', threshold: 80 },
      sessions: 5,
      half_days: 10,
      planned_minutes: 1500,
      attended_minutes: 1080,
      rate: 0.72,
      counts: { ...counts, present: 7, absent: 3 },
      below: true,
    },
  ],
  total: {
    sessions: 6,
    half_days: 11,
    planned_minutes: 1620,
    attended_minutes: 1200,
    rate: 1200 / 1620,
    counts: { ...counts, present: 8, absent: 3 },
  },
};

/** The API answering the learner's own summary (and an empty list of justifications). */
function api(answer: () => Response) {
  const asked: string[] = [];
  mockFetch((url) => {
    if (url === '/api/attendance/me/summary') {
      asked.push(url);
      return answer();
    }
    if (url === '/api/attendance/justifications') return jsonResponse(200, { data: [] });
    throw new Error(`Unexpected request ${url}`);
  });
  return asked;
}

function renderAt(element: ReactElement, path = '/dashboard') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element },
      { path: '/check-in', element },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('the learner’s own attendance', () => {
  it('warns of a rate under the training’s threshold and lists the rates of the academic year', async () => {
    await signedInAs('student');
    const asked = api(() => jsonResponse(200, MINE));
    renderAt(<MyAttendance link />);
    const card = screen.getByRole('region', { name: 'Mon assiduité' });
    expect(
      await within(card).findByText(
        /^Votre assiduité en Développeur web est de 72\s%, sous le seuil de 80\s%\.$/,
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual(['/api/attendance/me/summary']);
    expect(within(card).getByText(/^Période : 1.*23 nov\. 2026$/)).toBeInTheDocument();

    const [algo, web, total] = within(card).getAllByRole('listitem');
    expect(algo).toHaveTextContent(/^Algorithmique100\s%2 h \/ 2 h$/);
    expect(within(web!).getByText(/^seuil 80\s%$/)).toBeInTheDocument();
    expect(within(web!).getByText(/^72\s%$/)).toBeInTheDocument();
    expect(within(web!).getByText('18 h / 25 h')).toBeInTheDocument();
    expect(within(web!).getByText('Sous le seuil')).toBeInTheDocument();
    expect(within(algo!).queryByText('Sous le seuil')).toBeNull();
    expect(total).toHaveTextContent(/^Total74,1\s%20 h \/ 27 h$/);
    expect(within(card).getByRole('link', { name: 'Émargement et justificatifs' })).toHaveAttribute(
      'href',
      '/check-in',
    );
  });

  it('says when no session was taken yet, without a warning', async () => {
    await signedInAs('student');
    api(() => jsonResponse(200, { ...MINE, trainings: [] }));
    renderAt(<MyAttendance />);
    expect(
      await screen.findByText('Aucune séance avec appel pour l’instant sur cette période.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/sous le seuil de/)).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing to a reader the API refuses', async () => {
    await signedInAs('student');
    const asked = api(() => jsonResponse(403, { message: 'Accès refusé.' }));
    renderAt(<MyAttendance />);
    await waitFor(() => expect(asked).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('shows on the learner’s check-in page, with the warning', async () => {
    await signedInAs('student');
    api(() => jsonResponse(200, MINE));
    renderAt(<CheckInPage />, '/check-in');
    const card = await screen.findByRole('region', { name: 'Mon assiduité' });
    expect(
      await within(card).findByText(/^Votre assiduité en Développeur web est de 72\s%/),
    ).toBeInTheDocument();
    // The check-in page is where the link leads: it is not repeated there.
    expect(within(card).queryByRole('link')).toBeNull();
  });
});
