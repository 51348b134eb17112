import type { CheckInResult } from '@skolar/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatInstant } from '../../lib/format.ts';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CheckInPage } from './check-in-page.tsx';

// jsdom has no camera: qr-scanner is replaced by a scanner that starts (or fails to) at once and
// whose reads the test makes, so the test sees what the page does with what it reads.
const camera = vi.hoisted(() => ({
  read: null as ((result: { data: string }) => void) | null,
  start: vi.fn(async () => undefined),
  stop: vi.fn(),
  destroy: vi.fn(),
}));

vi.mock('qr-scanner', () => ({
  default: class {
    constructor(_video: HTMLVideoElement, read: (result: { data: string }) => void) {
      camera.read = read;
    }
    start = camera.start;
    stop = camera.stop;
    destroy = camera.destroy;
  },
}));

/** A morning class, 09:00–12:00 UTC, checked in 12 minutes late. */
function accepted(overrides: Partial<CheckInResult> = {}): CheckInResult {
  return {
    session: {
      id: 4,
      title: 'Algorithmique : graphes',
      starts_at: '2026-11-23T09:00:00.000Z',
      ends_at: '2026-11-23T12:00:00.000Z',
    },
    half_day: 'am',
    status: 'late',
    late_minutes: 12,
    already: false,
    signed: false,
    ...overrides,
  };
}

/** The check-in page (in StrictMode, as the app runs in development) at `entry`. */
function renderPage(entry = '/check-in') {
  const router = createMemoryRouter(
    [
      { path: '/check-in', element: <CheckInPage /> },
      { path: '/dashboard', element: <p>dashboard reached</p> },
    ],
    { initialEntries: [entry] },
  );
  renderWithProviders(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

/** The bodies posted to the check-in route. */
function checkInBodies(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/attendance/check-in')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('the learner’s check-in page', () => {
  it('sends the token of the QR code’s link once, takes it out of the address and confirms', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/attendance/check-in' && init.method === 'POST')
        return jsonResponse(200, accepted());
      throw new Error(`Unexpected ${url}`);
    });
    const router = renderPage('/check-in?t=4.17.abcdef');

    const done = await screen.findByRole('status', { name: 'Vous êtes émargé·e' });
    expect(done).toHaveTextContent('Algorithmique : graphes');
    expect(done).toHaveTextContent('Matin');
    expect(done).toHaveTextContent('En retard de 12 min');
    const time = (iso: string) => formatInstant(iso, 'fr', { timeStyle: 'short' });
    expect(done).toHaveTextContent(
      `${time('2026-11-23T09:00:00.000Z')} – ${time('2026-11-23T12:00:00.000Z')}`,
    );
    expect(done).not.toHaveTextContent('déjà');
    expect(screen.getByRole('heading', { name: 'Vous êtes émargé·e' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    expect(checkInBodies(fetchMock)).toEqual([{ token: '4.17.abcdef' }]);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends the typed code upper-cased and shows a refusal of the code under the input', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(422, {
        message: 'Les données sont invalides.',
        errors: { code: ['Ce code a expiré : scannez ou tapez celui affiché maintenant.'] },
      }),
    );
    renderPage();
    const input = screen.getByLabelText('Code affiché');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
    // jsdom has no camera: no scan button, the typed code remains.
    expect(screen.queryByRole('button', { name: 'Scanner le code QR' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(input, 'k7m2pq');
    await user.click(screen.getByRole('button', { name: 'Émarger' }));

    const message = 'Ce code a expiré : scannez ou tapez celui affiché maintenant.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(checkInBodies(fetchMock)).toEqual([{ code: 'K7M2PQ' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the code’s shape before calling the API', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500));
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code affiché'), 'k7m0');
    await user.click(screen.getByRole('button', { name: 'Émarger' }));
    expect(await screen.findByText(/Le code a six caractères/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the learner was already checked in for that half-day', async () => {
    mockFetch(() =>
      jsonResponse(
        200,
        accepted({ half_day: 'pm', status: 'present', late_minutes: null, already: true }),
      ),
    );
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code affiché'), 'K7M2PQ');
    await user.click(screen.getByRole('button', { name: 'Émarger' }));

    const done = await screen.findByRole('status', { name: 'Vous êtes émargé·e' });
    expect(done).toHaveTextContent(
      'Vous étiez déjà émargé·e pour cette demi-journée : rien n’a changé.',
    );
    expect(done).toHaveTextContent('Après-midi');
    expect(done).toHaveTextContent('Présent·e');
  });

  it('shows a refused link’s message above the form, which stays for the code', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(422, {
        message: 'Les données sont invalides.',
        errors: { token: ['Ce code vient de servir : scannez ou tapez le nouveau.'] },
      }),
    );
    const router = renderPage('/check-in?t=4.18.used');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce code vient de servir : scannez ou tapez le nouveau.',
    );
    expect(screen.getByLabelText('Code affiché')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(checkInBodies(fetchMock)).toEqual([{ token: '4.18.used' }]);
  });
});

describe('the scanner in the page', () => {
  beforeEach(() => {
    camera.read = null;
    camera.start.mockReset().mockResolvedValue(undefined);
    camera.stop.mockClear();
    camera.destroy.mockClear();
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn() },
    });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  /** Opens the camera; answers when the scanner has started. */
  async function openCamera() {
    await userEvent.setup().click(screen.getByRole('button', { name: 'Scanner le code QR' }));
    await screen.findByText('Visez le code QR affiché par votre enseignant.');
  }

  /** The scanner reads a QR code (async: the page's answer to it runs inside act). */
  const read = (data: string) =>
    act(async () => {
      camera.read!({ data });
    });

  it('keeps scanning after a refused code, sends each token once, stops once accepted', async () => {
    const fetchMock = mockFetch((_url, init) =>
      String(init.body).includes('"4.20.used"')
        ? jsonResponse(422, {
            message: 'Les données sont invalides.',
            errors: { token: ['Ce code vient de servir : scannez ou tapez le nouveau.'] },
          })
        : jsonResponse(200, accepted({ status: 'present', late_minutes: null })),
    );
    renderPage();
    await openCamera();

    await read('https://skolar.example/courses');
    expect(await screen.findByText('Ce code QR n’est pas celui de l’émargement.')).toBeVisible();

    await read('https://skolar.example/check-in?t=4.20.used');
    expect(
      await screen.findByText('Ce code vient de servir : scannez ou tapez le nouveau.'),
    ).toBeVisible();
    await read('https://skolar.example/check-in?t=4.20.used');
    expect(camera.stop).not.toHaveBeenCalled();
    expect(camera.destroy).not.toHaveBeenCalled();

    await read('https://skolar.example/check-in?t=4.21.fresh');
    const done = await screen.findByRole('status', { name: 'Vous êtes émargé·e' });
    expect(done).toHaveTextContent('Présent·e');
    expect(camera.destroy).toHaveBeenCalled();
    expect(checkInBodies(fetchMock)).toEqual([{ token: '4.20.used' }, { token: '4.21.fresh' }]);
  });

  it('says so when no camera opens, the typed code remaining', async () => {
    camera.start.mockRejectedValue('Camera not found.');
    mockFetch(() => jsonResponse(500));
    renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Scanner le code QR' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossible d’ouvrir une caméra sur cet appareil',
    );
    expect(screen.getByLabelText('Code affiché')).toBeEnabled();
  });

  it('stops the camera when the learner closes it', async () => {
    mockFetch(() => jsonResponse(500));
    renderPage();
    await openCamera();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fermer la caméra' }));
    expect(camera.destroy).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Scanner le code QR' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
