import type { AttendanceAlerts, DashboardAnswer, MyAttendance, Role } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/session.ts';
import { DashboardWithAttendancePage } from './dashboard-page.tsx';

const DASHBOARD: DashboardAnswer = { counts: [], upcoming: [] };

const ALERTS: AttendanceAlerts = {
  from: '2026-09-01',
  to: '2026-11-23',
  alerts: [
    {
      student: { id: 22, first_name: 'Enzo', last_name: 'Durand' },
      training: { id: 3, title: 'Développeur web' },
      threshold: 80,
      rate: 0.6,
      attended_minutes: 360,
      planned_minutes: 600,
    },
  ],
};

const MINE: MyAttendance = {
  student: { id: 7, first_name: 'Amina', last_name: 'Diallo' },
  from: '2026-09-01',
  to: '2026-11-23',
  trainings: [
    {
      training: { id: 3, title: 'Développeur web', threshold: 80 },
      sessions: 5,
      half_days: 10,
      planned_minutes: 1500,
      attended_minutes: 1080,
      rate: 0.72,
      counts: { present: 7, late: 0, absent: 3, excused: 0, unmarked: 0 },
      below: true,
    },
  ],
  total: {
    sessions: 5,
    half_days: 10,
    planned_minutes: 1500,
    attended_minutes: 1080,
    rate: 0.72,
    counts: { present: 7, late: 0, absent: 3, excused: 0, unmarked: 0 },
  },
};

/** The dashboard of `role` as the route table shows it; the API's calls, in order. */
async function renderDashboard(role: Role) {
  await signedInAs(role);
  const asked: string[] = [];
  mockFetch((url) => {
    asked.push(url);
    if (url === '/api/me/dashboard') return jsonResponse(200, DASHBOARD);
    if (url === '/api/me/resume') return jsonResponse(200, { chapter: null });
    if (url === '/api/attendance/alerts') return jsonResponse(200, ALERTS);
    if (url === '/api/attendance/me/summary') return jsonResponse(200, MINE);
    throw new Error(`Unexpected request ${url}`);
  });
  const router = createMemoryRouter(
    [{ path: '/dashboard', element: <DashboardWithAttendancePage /> }],
    { initialEntries: ['/dashboard'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return asked;
}

describe('the dashboard’s attendance panels', () => {
  it('shows the staff who take attendance the learners under a threshold', async () => {
    const asked = await renderDashboard('admin');
    const card = screen.getByRole('region', { name: 'Assiduité : sous le seuil' });
    expect(await within(card).findByRole('link', { name: 'Enzo Durand' })).toHaveAttribute(
      'href',
      '/students/22',
    );
    expect(screen.queryByRole('region', { name: 'Mon assiduité' })).toBeNull();
    expect(asked).not.toContain('/api/attendance/me/summary');
  });

  it('shows a learner their own rates, with the warning under a threshold', async () => {
    const asked = await renderDashboard('student');
    const card = screen.getByRole('region', { name: 'Mon assiduité' });
    expect(
      await within(card).findByText(
        /^Votre assiduité en Développeur web est de 72\s%, sous le seuil de 80\s%\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Assiduité : sous le seuil' })).toBeNull();
    expect(asked).not.toContain('/api/attendance/alerts');
  });

  it('shows neither to a role without attendance', async () => {
    const asked = await renderDashboard('super-admin');
    expect(await screen.findByText('Aucune évaluation à venir.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /ssiduité/ })).toBeNull();
    expect(asked.filter((url) => url.startsWith('/api/attendance'))).toEqual([]);
  });
});
