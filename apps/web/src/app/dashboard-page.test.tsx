import type { AttendanceAlerts, DashboardAnswer, MyAttendance, Role } from '@skolar/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anAnnouncement } from '../test/announcements.ts';
import { jsonResponse, mockFetch } from '../test/fetch.ts';
import { aNotification, aPage } from '../test/notifications.ts';
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

/**
 * The dashboard of `role` as the route table shows it, with `unread` notifications and
 * `announcements` announcements; the API's calls, in order.
 */
async function renderDashboard(role: Role, unread = 0, announcements = 0) {
  await signedInAs(role);
  const asked: string[] = [];
  const notifications = Array.from({ length: unread }, (_, index) => aNotification(index + 1));
  const posted = Array.from({ length: announcements }, (_, index) => anAnnouncement(index + 1));
  mockFetch((url) => {
    asked.push(url);
    if (url === '/api/announcements') return jsonResponse(200, { data: posted });
    if (url.startsWith('/api/notifications?'))
      return jsonResponse(200, aPage(notifications, unread));
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

describe('the dashboard’s card of unread notifications', () => {
  it.each<Role>(['student', 'teacher', 'admin', 'super-admin'])(
    'shows %s the unread notifications since the last visit',
    async (role) => {
      await renderDashboard(role, 2);
      const card = await screen.findByRole('region', { name: 'Depuis votre dernière visite' });
      expect(within(card).getAllByRole('link', { name: /^Résultat publié/ })).toHaveLength(2);
    },
  );

  it('shows nothing when all are read', async () => {
    const asked = await renderDashboard('student', 0);
    expect(await screen.findByRole('region', { name: 'Mon assiduité' })).toBeInTheDocument();
    expect(asked).toContain('/api/notifications?unread=true&limit=5');
    expect(screen.queryByRole('region', { name: 'Depuis votre dernière visite' })).toBeNull();
  });
});

describe('the dashboard’s card of announcements', () => {
  it('shows a learner the announcements first, under the greeting', async () => {
    await renderDashboard('student', 0, 2);
    const card = await screen.findByRole('region', { name: 'Annonces' });
    expect(within(card).getAllByRole('link', { name: /^Annonce \d$/ })).toHaveLength(2);
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'));
    expect(regions[0]).toBe(card.getAttribute('aria-labelledby'));
  });

  it.each<Role>(['admin', 'super-teacher', 'teacher'])(
    'shows %s the announcements among the panels',
    async (role) => {
      await renderDashboard(role, 0, 1);
      const card = await screen.findByRole('region', { name: 'Annonces' });
      expect(within(card).getByRole('link', { name: 'Annonce 1' })).toHaveAttribute(
        'href',
        '/announcements#announcement-1',
      );
    },
  );

  it('asks none for the super-admin, and shows nothing when there is none', async () => {
    const asked = await renderDashboard('super-admin', 0, 3);
    expect(await screen.findByText('Aucune évaluation à venir.')).toBeInTheDocument();
    expect(asked).not.toContain('/api/announcements');

    cleanup();
    const none = await renderDashboard('student', 0, 0);
    expect(await screen.findByRole('region', { name: 'Mon assiduité' })).toBeInTheDocument();
    expect(none).toContain('/api/announcements');
    expect(screen.queryByRole('region', { name: 'Annonces' })).toBeNull();
  });
});

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
