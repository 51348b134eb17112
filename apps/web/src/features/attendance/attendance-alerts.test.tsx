import type { AttendanceAlerts as AttendanceAlertsWire, Role } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { ALERTS_SHOWN, AttendanceAlerts } from './attendance-alerts.tsx';

type Alert = AttendanceAlertsWire['alerts'][number];

/** Enzo Durand: 60 % in Développeur web (6 h of 10 h), under its threshold of 80 %. */
const ENZO: Alert = {
  student: { id: 22, first_name: 'Enzo', last_name: 'Durand' },
  training: { id: 3, title: 'Développeur web' },
  threshold: 80,
  rate: 0.6,
  attended_minutes: 360,
  planned_minutes: 600,
};

const answer = (alerts: Alert[]): AttendanceAlertsWire => ({
  from: '2026-09-01',
  to: '2026-11-23',
  alerts,
});

async function renderCard(role: Role, alerts: Alert[]) {
  await signedInAs(role);
  const asked: string[] = [];
  mockFetch((url) => {
    if (url !== '/api/attendance/alerts') throw new Error(`Unexpected request ${url}`);
    asked.push(url);
    return jsonResponse(200, answer(alerts));
  });
  const router = createMemoryRouter([{ path: '/dashboard', element: <AttendanceAlerts /> }], {
    initialEntries: ['/dashboard'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return asked;
}

describe('the learners under the attendance threshold', () => {
  it('lists each learner with the training, the rate and the threshold', async () => {
    const asked = await renderCard('admin', [ENZO]);
    const card = screen.getByRole('region', { name: 'Assiduité : sous le seuil' });
    const list = await within(card).findByRole('list', { name: 'Assiduité : sous le seuil' });
    expect(asked).toEqual(['/api/attendance/alerts']);
    const [enzo] = within(list).getAllByRole('listitem');
    expect(within(enzo!).getByRole('link', { name: 'Enzo Durand' })).toHaveAttribute(
      'href',
      '/students/22',
    );
    expect(within(enzo!).getByText('Développeur web')).toBeInTheDocument();
    expect(within(enzo!).getByText(/^60\s%$/)).toBeInTheDocument();
    expect(within(enzo!).getByText(/^seuil 80\s%$/)).toBeInTheDocument();
    expect(within(enzo!).getByText('6 h / 10 h')).toBeInTheDocument();
    expect(within(card).getByText(/^Période : 1.*23 nov\. 2026$/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Voir les présences' })).toHaveAttribute(
      'href',
      '/attendance',
    );
  });

  it('says so when no learner is under a threshold', async () => {
    await renderCard('teacher', []);
    expect(await screen.findByText('Aucun apprenant sous le seuil.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it(`shows the first ${ALERTS_SHOWN} and counts the others`, async () => {
    const alerts = Array.from({ length: ALERTS_SHOWN + 2 }, (_, index) => ({
      ...ENZO,
      student: { ...ENZO.student, id: 100 + index, first_name: `Apprenant ${index + 1}` },
    }));
    await renderCard('teacher', alerts);
    const list = await screen.findByRole('list', { name: 'Assiduité : sous le seuil' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(ALERTS_SHOWN);
    // A teacher may not open a student's page: the names stay text.
    expect(within(list).queryByRole('link')).toBeNull();
    expect(within(list).getByText('Apprenant 1 Durand')).toBeInTheDocument();
    expect(screen.getByText('Et 2 autres apprenants sous le seuil.')).toBeInTheDocument();
  });
});
