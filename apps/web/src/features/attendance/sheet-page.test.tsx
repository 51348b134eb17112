import type { AttendanceSheet } from '@skolar/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredQueue } from '../../lib/offline-queue.ts';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AttendanceSheetPage } from './sheet-page.tsx';

const learner = (id: number, first_name: string, last_name: string) => ({
  id,
  first_name,
  last_name,
  marks: { am: null, pm: null },
  signatures: { am: null, pm: null },
});

const SHEET: AttendanceSheet = {
  key: 'manual:5',
  id: 5,
  kind: 'manual',
  title: 'Atelier de révision',
  starts_at: '2026-11-23T07:30:00.000Z',
  ends_at: '2026-11-23T11:30:00.000Z',
  half_days: ['am', 'pm'],
  audience: { kind: 'promotion', id: 1, label: 'L3' },
  trainer: { id: 2, name: 'Thomas Lefèvre' },
  expected: 2,
  counts: { present: 0, late: 0, absent: 0, excused: 0, unmarked: 4 },
  closed: false,
  time_zone: 'Europe/Paris',
  training: null,
  checkin_before_minutes: 15,
  checkin_after_minutes: 15,
  checkin_opens_at: '2026-11-23T07:15:00.000Z',
  checkin_closes_at: '2026-11-23T11:45:00.000Z',
  checkin_open: true,
  learners: [learner(7, 'Léa', 'Arnaud'), learner(8, 'Hugo', 'Bernard')],
  trainer_signature: null,
  can: { take: true },
  server_now: '2026-11-23T08:00:00.000Z',
};

/**
 * The API as the roll call sees it: the sheet, and the lines saved; while `network.online` is
 * false a request fails as fetch does (a TypeError). `sent` lists the bodies that reached it.
 */
function api(network = { online: true }) {
  const sent: unknown[] = [];
  mockFetch((url, init) => {
    if (!network.online) throw new TypeError('Failed to fetch');
    if (url.endsWith('/api/attendance/sessions/5') && (init.method ?? 'GET') === 'GET')
      return jsonResponse(200, SHEET);
    if (url.endsWith('/api/attendance/sessions/5/marks') && init.method === 'PUT') {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(200, SHEET);
    }
    throw new Error(`Unexpected request ${init.method} ${url}`);
  });
  return sent;
}

function renderSheet() {
  const router = createMemoryRouter(
    [{ path: '/attendance/:sessionId', Component: AttendanceSheetPage }],
    {
      initialEntries: ['/attendance/5'],
    },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => localStorage.clear());

describe('the roll call', () => {
  it('saves a line as soon as it is set, for the half-day shown', async () => {
    const sent = api();
    renderSheet();
    const lea = await screen.findByRole('group', { name: /Léa Arnaud/ });
    await userEvent.click(within(lea).getByRole('radio', { name: 'Absent' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          marks: [
            { student_id: 7, half_day: 'am', status: 'absent', late_minutes: null, remark: null },
          ],
        },
      ]),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Après-midi' }));
    await userEvent.click(within(lea).getByRole('radio', { name: 'Retard' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      marks: [{ student_id: 7, half_day: 'pm', status: 'late', late_minutes: 5, remark: null }],
    });
    expect(readStoredQueue('skolar.attendance.5')).toEqual({});
  });

  it('marks everyone not yet called present in one action', async () => {
    const sent = api();
    renderSheet();
    await userEvent.click(await screen.findByRole('button', { name: 'Tous présents (2)' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      marks: [
        { student_id: 7, half_day: 'am', status: 'present' },
        { student_id: 8, half_day: 'am', status: 'present' },
      ],
    });
  });

  it('keeps what is set offline on the device and sends it when the network is back', async () => {
    const network = { online: true };
    const sent = api(network);
    renderSheet();
    const hugo = await screen.findByRole('group', { name: /Hugo Bernard/ });
    network.online = false;
    await userEvent.click(within(hugo).getByRole('radio', { name: 'Excusé' }));
    expect(await screen.findByText(/Hors ligne : 1 changement en attente/)).toBeInTheDocument();
    expect(within(hugo).getByRole('radio', { name: 'Excusé' })).toBeChecked();
    expect(Object.values(readStoredQueue('skolar.attendance.5'))).toMatchObject([
      { student_id: 8, half_day: 'am', status: 'excused' },
    ]);
    network.online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByText('Enregistré')).toBeInTheDocument();
    expect(readStoredQueue('skolar.attendance.5')).toEqual({});
  });

  it('offers the session’s attendance sheet as a PDF in the interface’s language', async () => {
    api();
    renderSheet();
    const link = await screen.findByRole('link', { name: 'Feuille d’émargement (PDF)' });
    expect(link).toHaveAttribute('href', '/api/attendance/sessions/5/sheet.pdf?locale=fr');
    expect(link).toHaveAttribute('download');
  });
});
