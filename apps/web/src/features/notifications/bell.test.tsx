import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import {
  aNotification,
  aPage,
  FakeEventSource,
  mockEventSource,
} from '../../test/notifications.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { badgeText, NotificationBell, PANEL_SIZE } from './bell.tsx';

/** The bell in a page of its own, beside a button to click outside, with the pages it leads to. */
function renderBell() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NotificationBell />
            <button type="button">Ailleurs</button>
          </>
        ),
      },
      { path: '/results', element: <h1>Mes résultats</h1> },
      { path: '/notifications', element: <h1>Toutes</h1> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

/** The API: the count, the panel's page, and the marks; every request, in order. */
function mockApi(
  unread: number,
  items = [aNotification(3), aNotification(2, { read_at: '2026-11-20T08:00:00Z' })],
) {
  const asked: string[] = [];
  let count = unread;
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    asked.push(`${method} ${url}`);
    if (url === '/api/notifications?limit=1')
      return jsonResponse(200, aPage(items.slice(0, 1), count, true));
    if (url === `/api/notifications?limit=${PANEL_SIZE}`)
      return jsonResponse(200, aPage(items, count));
    if (url === '/api/notifications/read-all' && method === 'POST') {
      count = 0;
      return jsonResponse(200, { unread: 0 });
    }
    const one = /^\/api\/notifications\/(\d+)\/read$/.exec(url);
    if (one && method === 'POST') {
      count -= 1;
      return jsonResponse(200, { unread: count });
    }
    throw new Error(`Unexpected request ${method} ${url}`);
  });
  /** What the server counts from now on (another tab read or a notification came). */
  const serverSays = (next: number) => {
    count = next;
  };
  return Object.assign(asked, { serverSays });
}

beforeEach(async () => {
  await signedInAs('student');
});

describe('the notification bell', () => {
  it('says the unread count in its name and on its badge, hidden at 0 and capped at 99+', async () => {
    mockApi(3);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 non lues' });
    expect(bell).toHaveTextContent('3');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('says one unread in the singular, and shows no badge when all are read', async () => {
    mockApi(1);
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 non lue' });
    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
    expect(bell).toHaveTextContent('');
  });

  it('shows 99+ beyond 99', async () => {
    mockApi(120);
    renderBell();
    expect(
      await screen.findByRole('button', { name: 'Notifications, 120 non lues' }),
    ).toHaveTextContent('99+');
  });

  it('opens its panel from the keyboard, marks unread ones, and closes on Escape back to the bell', async () => {
    const asked = mockApi(1);
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 non lue' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(panel).findByRole('list', { name: 'Notifications' });
    const [unread, read] = within(list).getAllByRole('link');
    expect(unread).toHaveAccessibleName(
      /^Non lue : Résultat publié : Partiel 3 \(Algorithmique\) /,
    );
    expect(unread).toHaveAttribute('href', '/results');
    expect(read).toHaveAccessibleName(/^Résultat publié : Partiel 2 \(Algorithmique\) /);
    expect(within(unread!).getByText('il y a 5 min')).toBeInTheDocument();
    expect(
      within(panel).getByRole('link', { name: 'Voir toutes les notifications' }),
    ).toHaveAttribute('href', '/notifications');
    // The panel's list is asked when it opens, not before.
    expect([...asked]).toEqual([
      'GET /api/notifications?limit=1',
      `GET /api/notifications?limit=${PANEL_SIZE}`,
    ]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bell).toHaveFocus();
  });

  it('marks all read from the panel, and the focus stays in it', async () => {
    const asked = mockApi(1);
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 non lue' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByRole('link', { name: /^Non lue/ });
    await user.click(within(panel).getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() =>
      expect(within(panel).queryAllByRole('link', { name: /^Non lue/ })).toEqual([]),
    );
    expect(asked).toContain('POST /api/notifications/read-all');
    expect(within(panel).queryByRole('button', { name: 'Tout marquer comme lu' })).toBeNull();
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    mockApi(1);
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 non lue' }));
    await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(screen.getByRole('button', { name: 'Ailleurs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks a notification read when it is followed, and goes to its page', async () => {
    const asked = mockApi(1);
    const { router, user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 non lue' }));
    await user.click(await screen.findByRole('link', { name: /Partiel 3/ }));
    expect(await screen.findByRole('heading', { name: 'Mes résultats' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/results');
    await waitFor(() => expect(asked).toContain('POST /api/notifications/3/read'));
  });

  it('says when there is nothing yet', async () => {
    mockApi(0, []);
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Aucune notification pour l’instant.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).toBeNull();
  });
});

describe('the live stream', () => {
  it('opens one stream per tab, follows the count, puts new ones on top and announces them', async () => {
    mockEventSource();
    const asked = mockApi(1);
    const { serverSays } = asked;
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 non lue' });
    expect(FakeEventSource.live().map((source) => source.url)).toEqual([
      '/api/notifications/stream',
    ]);
    const [stream] = FakeEventSource.live();

    // Another tab read it: the count follows.
    serverSays(0);
    stream!.emit('unread', { unread: 0 });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByRole('link', { name: /Partiel 3/ });

    serverSays(1);
    stream!.emit('notification', aNotification(9, { minutesAgo: 0 }), '9');
    stream!.emit('unread', { unread: 1 });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 1 non lue'));
    await waitFor(() =>
      expect(within(within(panel).getByRole('list')).getAllByRole('link')[0]).toHaveAccessibleName(
        /^Non lue : Résultat publié : Partiel 9 /,
      ),
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 nouvelle notification');

    // The same one replayed after a reconnection is not shown twice.
    stream!.emit('notification', aNotification(9, { minutesAgo: 0 }), '9');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('2 nouvelles notifications'),
    );
    expect(
      within(within(panel).getByRole('list')).getAllByRole('link', { name: /Partiel 9/ }),
    ).toHaveLength(1);
    // Read in the meantime elsewhere: the count goes down and the open list is asked again.
    const before = asked.length;
    serverSays(0);
    stream!.emit('unread', { unread: 0 });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
    await waitFor(() =>
      expect(asked.slice(before)).toEqual([`GET /api/notifications?limit=${PANEL_SIZE}`]),
    );
  });

  it('closes the stream when the bell goes (signed out)', async () => {
    mockEventSource();
    mockApi(0, []);
    renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    expect(FakeEventSource.live()).toHaveLength(1);
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    expect(FakeEventSource.live()).toHaveLength(0);
  });
});
