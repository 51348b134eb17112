import type { CalendarEntry } from '@skolar/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { EventDialog } from './event-dialog.tsx';
import { newEventForm } from './event-form.ts';
import { saveChange } from './save-change.ts';

const ZONE = 'Europe/Paris';

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(
    <EventDialog
      initial={newEventForm({
        start: { day: '2027-01-14', time: '09:00' },
        end: { day: '2027-01-14', time: '10:00' },
        allDay: false,
      })}
      zone={ZONE}
      onClose={onClose}
    />,
  );
  return onClose;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const posts = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the event dialog', () => {
  it('offers the audiences of the grants: the institution to an admin, promotions to staff', async () => {
    const offered = async (role: 'admin' | 'teacher' | 'student') => {
      await signedInAs(role);
      mockFetch(() => jsonResponse(200, { data: [] }));
      renderDialog();
      const options = screen.queryAllByRole('option').map((option) => option.textContent);
      cleanup();
      return options;
    };
    expect(await offered('admin')).toEqual(
      expect.arrayContaining([
        'Moi seulement',
        'Une promotion',
        'Un groupe',
        'Tout l’établissement',
      ]),
    );
    const teacher = await offered('teacher');
    expect(teacher).toEqual(expect.arrayContaining(['Une promotion', 'Un groupe']));
    expect(teacher).not.toContain('Tout l’établissement');
    expect(await offered('student')).not.toContain('Une promotion');
    await signedInAs(null);
  });

  it('refuses an end before the start without calling the API', async () => {
    const fetch = mockFetch(() => jsonResponse(201, {}));
    renderDialog();
    fill('Titre', 'Conseil de classe');
    fill('Heure de fin', '08:00');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La fin doit suivre le début.')).toBeInTheDocument();
    expect(screen.getByLabelText('Heure de fin')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetch)).toEqual([]);
  });

  it('asks for the end of a repetition: a last date or a number of times', async () => {
    const fetch = mockFetch(() => jsonResponse(201, {}));
    renderDialog();
    fill('Titre', 'Cours d’algorithmique');
    fireEvent.click(screen.getByLabelText('Répéter chaque semaine'));
    fireEvent.click(screen.getByLabelText('À une date'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Indiquez soit une dernière date, soit un nombre d’occurrences.'),
    ).toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);
  });

  it('sends the times in UTC, the repetition as weekdays and a count, then closes', async () => {
    const fetch = mockFetch((_url, init) =>
      init.method === 'POST' ? jsonResponse(201, { id: 4 }) : jsonResponse(200, { data: [] }),
    );
    const onClose = renderDialog();
    fill('Titre', 'Cours d’algorithmique');
    fireEvent.click(screen.getByLabelText('Répéter chaque semaine'));
    fireEvent.click(screen.getByLabelText('lun.'));
    fill('Occurrences', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = posts(fetch)[0]!;
    expect(url).toBe('/api/events');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      title: 'Cours d’algorithmique',
      // 14 January 2027 (a Thursday), 09:00 in Paris (UTC+1).
      starts_at: '2027-01-14T08:00:00Z',
      ends_at: '2027-01-14T09:00:00Z',
      all_day: false,
      audience: 'personal',
      repeat: { weekdays: ['MO', 'TH'], until: null, count: 12 },
    });
  });

  it("puts the API's field errors under their fields", async () => {
    mockFetch((_url, init) =>
      init.method === 'POST'
        ? jsonResponse(422, {
            message: 'Invalide',
            errors: { ends_at: ['La fin doit suivre le début (serveur).'] },
          })
        : jsonResponse(200, { data: [] }),
    );
    renderDialog();
    fill('Titre', 'Conseil de classe');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La fin doit suivre le début (serveur).')).toBeInTheDocument();
    expect(screen.getByLabelText('Heure de fin')).toHaveAttribute('aria-invalid', 'true');
  });
});

const ENTRY: CalendarEntry = {
  key: 'event:12:2027-01-14T08:00:00.000Z',
  kind: 'event',
  event_id: 12,
  occurrence_start: '2027-01-14T08:00:00.000Z',
  title: 'Cours',
  description: null,
  starts_at: '2027-01-14T08:00:00.000Z',
  ends_at: '2027-01-14T09:00:00.000Z',
  all_day: false,
  color_code: null,
  audience: 'personal',
  audience_label: null,
  repeating: true,
  editable: true,
  href: null,
};

function dropped(entry: CalendarEntry, startStr: string, endStr: string) {
  return {
    event: { startStr, endStr, allDay: false, extendedProps: { entry } },
    revert: vi.fn(),
  } as unknown as Parameters<typeof saveChange>[0] & { revert: ReturnType<typeof vi.fn> };
}

describe('a drag or a resize', () => {
  it('moves that occurrence alone of a series', async () => {
    const fetch = mockFetch(() => jsonResponse(200, {}));
    const info = dropped(ENTRY, '2027-01-15T10:00:00+01:00', '2027-01-15T11:00:00+01:00');
    expect(await saveChange(info, ZONE)).toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(init?.method).toBe('PUT');
    expect(url).toBe('/api/events/12/occurrences/2027-01-14T08%3A00%3A00.000Z');
    expect(JSON.parse(String(init?.body))).toEqual({
      starts_at: '2027-01-15T09:00:00Z',
      ends_at: '2027-01-15T10:00:00Z',
    });
    expect(info.revert).not.toHaveBeenCalled();
  });

  it('puts the event back and shows an error toast when the save fails', async () => {
    mockFetch(() => jsonResponse(403, { message: 'Vous n’avez pas le droit de faire cela.' }));
    const error = vi.spyOn(toast, 'error');
    const single = { ...ENTRY, key: 'event:12', repeating: false, occurrence_start: null };
    const info = dropped(single, '2027-01-15T10:00:00+01:00', '2027-01-15T11:00:00+01:00');
    expect(await saveChange(info, ZONE)).toBe(false);
    expect(info.revert).toHaveBeenCalledOnce();
    // The toast library loads with the first toast (decision 145).
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Vous n’avez pas le droit de faire cela.', {
        duration: 5000,
      }),
    );
  });
});
