import type { Justification } from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { CheckInPage } from './check-in-page.tsx';

/** A justification as the API answers it, pending unless told. */
function justification(overrides: Partial<Justification> = {}): Justification {
  return {
    id: 1,
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
    can: { decide: false },
    ...overrides,
  };
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/check-in', element: <CheckInPage /> }], {
    initialEntries: ['/check-in'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

/** Chooses the document in the picker; answers the file. */
async function chooseFile(name = 'certificat.pdf') {
  const file = new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
  fireEvent.change(screen.getByLabelText('Justificatif'), { target: { files: [file] } });
  await screen.findByRole('button', { name: `Retirer ${name}` });
  return file;
}

describe('a learner justifies an absence on /check-in', () => {
  beforeEach(() => signedInAs('student'));

  it('sends the days, the reason and the document as multipart, fields first, then lists it', async () => {
    const sent: FormData[] = [];
    let list: Justification[] = [];
    mockFetch((url, init) => {
      if (url === '/api/attendance/justifications' && init.method === 'POST') {
        sent.push(init.body as FormData);
        list = [justification({ id: 2 })];
        return jsonResponse(201, list[0]);
      }
      if (url === '/api/attendance/justifications') return jsonResponse(200, { data: list });
      throw new Error(`Unexpected request ${init.method} ${url}`);
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Justifier une absence' });
    expect(await screen.findByText('Vous n’avez envoyé aucun justificatif.')).toBeInTheDocument();
    fireEvent.change(within(section).getByLabelText('Du'), { target: { value: '2026-11-23' } });
    fireEvent.change(within(section).getByLabelText('Au'), { target: { value: '2026-11-24' } });
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText('Motif'), 'Grippe');
    const file = await chooseFile();
    await user.click(within(section).getByRole('button', { name: 'Envoyer le justificatif' }));

    const mine = await screen.findByRole('list', { name: 'Mes justificatifs' });
    expect(await within(mine).findByText('Grippe')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const form = sent[0]!;
    expect([...form.keys()]).toEqual(['from', 'to', 'reason', 'file']);
    expect(form.get('from')).toBe('2026-11-23');
    expect(form.get('to')).toBe('2026-11-24');
    expect(form.get('reason')).toBe('Grippe');
    expect(form.get('file')).toEqual(file);
    // The form is ready for another one.
    expect(within(section).getByLabelText('Motif')).toHaveValue('');
  });

  it('shows the server’s refusal under the end day', async () => {
    const message = 'La fin de la période précède son début.';
    mockFetch((url, init) => {
      if (init.method === 'POST')
        return jsonResponse(422, {
          message: 'Les données sont invalides.',
          errors: { to: [message] },
        });
      if (url === '/api/attendance/justifications') return jsonResponse(200, { data: [] });
      throw new Error(`Unexpected request ${init.method} ${url}`);
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Justifier une absence' });
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText('Motif'), 'Rendez-vous médical');
    await chooseFile();
    await user.click(within(section).getByRole('button', { name: 'Envoyer le justificatif' }));

    expect(await within(section).findByText(message)).toBeInTheDocument();
    const to = within(section).getByLabelText('Au');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(message);
  });

  it('checks the reason, the document and the period before sending', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/attendance/justifications' && init.method !== 'POST')
        return jsonResponse(200, { data: [] });
      throw new Error(`Unexpected request ${init.method} ${url}`);
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Justifier une absence' });
    fireEvent.change(within(section).getByLabelText('Du'), { target: { value: '2026-01-05' } });
    fireEvent.change(within(section).getByLabelText('Au'), { target: { value: '2026-03-05' } });
    const user = userEvent.setup();
    const send = within(section).getByRole('button', { name: 'Envoyer le justificatif' });
    await user.click(send);
    // The reason first (the period is compared once every field holds), and the document.
    expect(await within(section).findAllByText('Ce champ est obligatoire.')).toHaveLength(2);

    await user.type(within(section).getByLabelText('Motif'), 'Hospitalisation');
    await user.click(send);
    expect(
      await within(section).findByText('Un justificatif couvre un mois au plus.'),
    ).toBeInTheDocument();
    expect(within(section).getByLabelText('Au')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('lists the justifications with their status in words, the document and the decision', async () => {
    mockFetch((url) => {
      if (url === '/api/attendance/justifications')
        return jsonResponse(200, {
          data: [
            justification({ id: 3 }),
            justification({
              id: 2,
              from: '2026-11-09',
              to: '2026-11-09',
              reason: 'Convocation',
              status: 'accepted',
              excused: 2,
              note: 'Merci.',
              decided_at: '2026-11-10T09:00:00.000Z',
              decided_by: { id: 1, name: 'Claire Martin' },
            }),
            justification({
              id: 1,
              reason: 'Panne',
              status: 'refused',
              note: 'Pas un motif recevable.',
              decided_at: '2026-11-26T09:00:00.000Z',
              decided_by: { id: 1, name: 'Claire Martin' },
            }),
          ],
        });
      throw new Error(`Unexpected ${url}`);
    });
    renderPage();
    const mine = await screen.findByRole('list', { name: 'Mes justificatifs' });
    const [pending, accepted, refused] = within(mine).getAllByRole('listitem');
    expect(within(pending!).getByText('En attente')).toBeInTheDocument();
    expect(within(pending!).getByText(/23.*24 nov\. 2026/)).toBeInTheDocument();
    expect(
      within(pending!).getByRole('link', {
        name: 'certificat.pdf (s’ouvre dans un nouvel onglet)',
      }),
    ).toHaveAttribute('href', '/api/files/40');
    expect(within(pending!).queryByText(/excusée/)).not.toBeInTheDocument();

    expect(within(accepted!).getByText('Accepté')).toBeInTheDocument();
    expect(within(accepted!).getByText('9 nov. 2026')).toBeInTheDocument();
    expect(within(accepted!).getByText(/2 demi-journées excusées/)).toBeInTheDocument();
    expect(within(accepted!).getByText(/par Claire Martin/)).toBeInTheDocument();
    expect(within(accepted!).getByText('Merci.')).toBeInTheDocument();

    expect(within(refused!).getByText('Refusé')).toBeInTheDocument();
    expect(within(refused!).getByText('Pas un motif recevable.')).toBeInTheDocument();
    expect(within(refused!).queryByText(/excusée/)).not.toBeInTheDocument();
  });
});

describe('the justification section on /check-in', () => {
  it('is not shown to staff, and their justifications are not asked for', async () => {
    await signedInAs('teacher');
    const fetchMock = mockFetch((url) => {
      throw new Error(`Unexpected ${url}`);
    });
    renderPage();
    expect(await screen.findByLabelText('Code affiché')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Justifier une absence' }),
      ).not.toBeInTheDocument(),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
