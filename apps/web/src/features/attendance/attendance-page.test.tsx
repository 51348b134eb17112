import type { AttendanceSessionList } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AttendancePage } from './attendance-page.tsx';

const counts = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };
const LIST: AttendanceSessionList = {
  time_zone: 'Europe/Paris',
  from: '2026-11-23',
  to: '2026-11-23',
  sessions: [
    {
      key: 'event:4:2026-11-23T07:30:00.000Z',
      id: null,
      kind: 'event',
      title: 'Algorithmique',
      starts_at: '2026-11-23T07:30:00.000Z',
      ends_at: '2026-11-23T11:30:00.000Z',
      half_days: ['am', 'pm'],
      audience: { kind: 'promotion', id: 1, label: 'Licence L3' },
      trainer: { id: 2, name: 'Thomas Lefèvre' },
      expected: 2,
      counts: { ...counts, unmarked: 4 },
      closed: false,
    },
    {
      key: 'manual:9',
      id: 9,
      kind: 'manual',
      title: 'Rattrapage',
      starts_at: '2026-11-23T13:00:00.000Z',
      ends_at: '2026-11-23T14:00:00.000Z',
      half_days: ['pm'],
      audience: { kind: 'group', id: 3, label: 'TD A' },
      trainer: null,
      expected: 2,
      counts: { ...counts, present: 1, absent: 1 },
      closed: true,
    },
  ],
};

function Opened() {
  return <p>Appel {useParams().sessionId}</p>;
}

describe('the day’s sessions', () => {
  it('lists them in the institution’s zone and opens a session of the calendar before its roll call', async () => {
    const opened: unknown[] = [];
    mockFetch((url, init) => {
      if (url.includes('/api/attendance/sessions?from=2026-11-23')) return jsonResponse(200, LIST);
      if (url.endsWith('/api/attendance/sessions/open') && init.method === 'POST') {
        opened.push(JSON.parse(String(init.body)));
        return jsonResponse(200, { id: 12 });
      }
      throw new Error(`Unexpected request ${init.method} ${url}`);
    });
    const router = createMemoryRouter(
      [
        { path: '/attendance', Component: AttendancePage },
        { path: '/attendance/:sessionId', Component: Opened },
      ],
      { initialEntries: ['/attendance?day=2026-11-23'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const items = await screen.findAllByRole('listitem', { name: undefined });
    const first = items.find((item) => within(item).queryByText('Algorithmique'))!;
    expect(within(first).getByText(/08:30 – 12:30/)).toBeInTheDocument();
    const closed = items.find((item) => within(item).queryByText('Rattrapage'))!;
    expect(within(closed).getByText('Close')).toBeInTheDocument();
    expect(within(closed).getByText('1 absent')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Faire l’appel : Algorithmique' }));
    expect(await screen.findByText('Appel 12')).toBeInTheDocument();
    expect(opened).toEqual([{ key: 'event:4:2026-11-23T07:30:00.000Z' }]);
  });
});
