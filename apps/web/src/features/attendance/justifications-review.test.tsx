import type { AttendanceSessionList, Justification } from '@skolar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { AttendancePage } from './attendance-page.tsx';

const DAY: AttendanceSessionList = {
  time_zone: 'Europe/Paris',
  from: '2026-11-23',
  to: '2026-11-23',
  sessions: [],
};

function justification(overrides: Partial<Justification> = {}): Justification {
  return {
    id: 5,
    student: { id: 7, first_name: 'Amina', last_name: 'Diallo' },
    from: '2026-11-23',
    to: '2026-11-24',
    reason: 'Grippe',
    file: { id: 40, name: 'certificat.pdf', url: '/api/files/40' },
    status: 'pending',
    note: null,
    absences: 3,
    excused: 0,
    submitted_at: '2026-11-25T08:00:00.000Z',
    decided_at: null,
    decided_by: null,
    can: { decide: true },
    ...overrides,
  };
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/attendance', Component: AttendancePage }], {
    initialEntries: ['/attendance?day=2026-11-23'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

describe('the justifications on /attendance', () => {
  it('lets an admin accept a pending justification with a note, then refreshes the list', async () => {
    await signedInAs('admin');
    const decisions: unknown[] = [];
    let pending = [justification()];
    const asked: string[] = [];
    mockFetch((url, init) => {
      if (url.startsWith('/api/attendance/sessions')) return jsonResponse(200, DAY);
      if (url === '/api/attendance/justifications/5/decision' && init.method === 'POST') {
        decisions.push(JSON.parse(String(init.body)));
        pending = [];
        return jsonResponse(
          200,
          justification({ status: 'accepted', excused: 3, note: 'Bon rétablissement.' }),
        );
      }
      if (url.startsWith('/api/attendance/justifications')) {
        asked.push(url);
        return jsonResponse(200, { data: pending });
      }
      throw new Error(`Unexpected request ${init.method} ${url}`);
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Justificatifs d’absence' });
    const item = await within(section).findByRole('listitem');
    expect(asked[0]).toBe('/api/attendance/justifications?status=pending');
    expect(within(item).getByRole('heading', { name: 'Amina Diallo' })).toBeInTheDocument();
    expect(within(item).getByText('En attente')).toBeInTheDocument();
    expect(within(item).getByText('Grippe')).toBeInTheDocument();
    expect(within(item).getByText('3 demi-journées d’absence sur la période')).toBeInTheDocument();
    const document = within(item).getByRole('link', { name: /^certificat\.pdf/ });
    expect(document).toHaveAttribute('href', '/api/files/40');
    expect(document).toHaveAttribute('target', '_blank');

    const user = userEvent.setup();
    await user.click(
      within(item).getByRole('button', { name: 'Accepter le justificatif de Amina Diallo' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Accepter le justificatif de Amina Diallo',
    });
    expect(dialog).toHaveTextContent(
      'Ses 3 demi-journées d’absence de ces jours deviendront excusées.',
    );
    await user.type(
      within(dialog).getByLabelText('Note pour l’apprenant (facultative)'),
      'Bon rétablissement.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accepter' }));

    expect(await within(section).findByText('Aucun justificatif en attente.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(decisions).toEqual([{ status: 'accepted', note: 'Bon rétablissement.' }]);
    expect(asked.length).toBeGreaterThan(1);
  });

  it('shows every justification on asking for all', async () => {
    await signedInAs('super-teacher');
    mockFetch((url) => {
      if (url.startsWith('/api/attendance/sessions')) return jsonResponse(200, DAY);
      if (url === '/api/attendance/justifications?status=pending')
        return jsonResponse(200, { data: [] });
      if (url === '/api/attendance/justifications')
        return jsonResponse(200, {
          data: [
            justification({
              status: 'refused',
              note: 'Illisible.',
              decided_at: '2026-11-26T09:00:00.000Z',
              decided_by: { id: 1, name: 'Claire Martin' },
              can: { decide: false },
            }),
          ],
        });
      throw new Error(`Unexpected ${url}`);
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Justificatifs d’absence' });
    expect(await within(section).findByText('Aucun justificatif en attente.')).toBeInTheDocument();
    await userEvent.setup().click(within(section).getByRole('radio', { name: 'Tous' }));
    const item = await within(section).findByRole('listitem');
    expect(within(item).getByText('Refusé')).toBeInTheDocument();
    expect(within(item).getByText('Illisible.')).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the justification was decided meanwhile (409)', async () => {
    await signedInAs('admin');
    let pending = [justification()];
    mockFetch((url, init) => {
      if (url.startsWith('/api/attendance/sessions')) return jsonResponse(200, DAY);
      if (init.method === 'POST') {
        pending = [];
        return jsonResponse(409, { message: 'Ce justificatif a déjà été traité.' });
      }
      if (url.startsWith('/api/attendance/justifications'))
        return jsonResponse(200, { data: pending });
      throw new Error(`Unexpected request ${init.method} ${url}`);
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Justificatifs d’absence' });
    const user = userEvent.setup();
    await user.click(
      await within(section).findByRole('button', {
        name: 'Refuser le justificatif de Amina Diallo',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ses absences de ces jours restent non excusées.');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await within(section).findByText('Aucun justificatif en attente.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is absent for a teacher, who is never asked for justifications', async () => {
    await signedInAs('teacher');
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/attendance/sessions')) return jsonResponse(200, DAY);
      throw new Error(`Unexpected ${url}`);
    });
    renderPage();
    expect(await screen.findByText(/Aucune séance ce jour-là/)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(
      screen.queryByRole('region', { name: 'Justificatifs d’absence' }),
    ).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).includes('justifications')),
    ).toHaveLength(0);
  });
});
