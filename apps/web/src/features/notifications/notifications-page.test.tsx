import type { NotificationPreferences } from '@skolar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { aNotification, aPage } from '../../test/notifications.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { NotificationsPage, PAGE_SIZE } from './notifications-page.tsx';

/** Grade published (instant by default) and evaluation added (digest by default, set to off). */
const PREFERENCES: NotificationPreferences = {
  types: [
    { type: 'grade_published', delivery: 'instant', default: 'instant' },
    { type: 'evaluation_added', delivery: 'off', default: 'digest' },
  ],
  digest_hour: 18,
  time_zone: 'Europe/Paris',
  email_enabled: true,
};

/** Notifications 30 down to 1, the odd ones unread: the first page holds 30 to 11. */
const ALL = Array.from({ length: 30 }, (_, index) => {
  const id = 30 - index;
  return aNotification(id, { read_at: id % 2 ? null : '2026-11-20T08:00:00Z' });
});

interface Server {
  asked: string[];
  patches: unknown[];
  /** The answer of the next PATCH, when not the preferences changed as asked. */
  refuse?: { status: number; body: unknown };
  preferences: NotificationPreferences;
}

/** The API of the page: the lists (by `before` and `unread`), the marks and the preferences. */
function mockServer(preferences: NotificationPreferences = PREFERENCES): Server {
  const server: Server = { asked: [], patches: [], preferences };
  const read = new Set<number>();
  const unreadOf = () => ALL.filter((item) => !item.read_at && !read.has(item.id));
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    server.asked.push(`${method} ${url}`);
    const [path, search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    if (path === '/api/notifications' && method === 'GET') {
      const limit = Number(query.get('limit') ?? 20);
      const before = Number(query.get('before') ?? Number.POSITIVE_INFINITY);
      const rows = ALL.map((item) =>
        read.has(item.id) ? { ...item, read_at: '2026-11-23T09:00:00Z' } : item,
      ).filter((item) => item.id < before && (query.get('unread') !== 'true' || !item.read_at));
      return jsonResponse(200, aPage(rows.slice(0, limit), unreadOf().length, rows.length > limit));
    }
    const one = /^\/api\/notifications\/(\d+)\/read$/.exec(url);
    if (one && method === 'POST') {
      read.add(Number(one[1]));
      return jsonResponse(200, { unread: unreadOf().length });
    }
    if (url === '/api/notifications/read-all' && method === 'POST') {
      for (const item of ALL) read.add(item.id);
      return jsonResponse(200, { unread: 0 });
    }
    if (url === '/api/me/notification-preferences' && method === 'GET') {
      return jsonResponse(200, server.preferences);
    }
    if (url === '/api/me/notification-preferences' && method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Partial<NotificationPreferences>;
      server.patches.push(body);
      if (server.refuse) return jsonResponse(server.refuse.status, server.refuse.body);
      const types = server.preferences.types.map((row) => ({
        ...row,
        ...body.types?.find((changed) => changed.type === row.type),
      }));
      server.preferences = { ...server.preferences, ...body, types };
      return jsonResponse(200, server.preferences);
    }
    throw new Error(`Unexpected request ${method} ${url}`);
  });
  return server;
}

function renderPage(at = '/notifications') {
  const router = createMemoryRouter(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/results', element: <h1>Mes résultats</h1> },
    ],
    { initialEntries: [at] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, user: userEvent.setup() };
}

const feed = () => screen.findByRole('list', { name: 'Mes notifications' });

beforeEach(async () => {
  await signedInAs('student');
});

describe('the notifications page', () => {
  it('lists the latest first and loads the older ones after the last shown', async () => {
    const server = mockServer();
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const list = await feed();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(PAGE_SIZE));
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName(
      'Non lue : Résultat publié : Partiel 29 (Algorithmique)'
        .replace('29', '30')
        .replace('Non lue : ', ''),
    );
    expect(links[1]).toHaveAccessibleName('Non lue : Résultat publié : Partiel 29 (Algorithmique)');
    expect(screen.getByText('15 non lues')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    expect(server.asked).toContain(`GET /api/notifications?before=11&limit=${PAGE_SIZE}`);
    // Nothing more: the button goes, and the focus is on the first notification loaded.
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
    expect(within(list).getAllByRole('link')[PAGE_SIZE]).toHaveFocus();
    expect(within(list).getAllByRole('link')[PAGE_SIZE]).toHaveAccessibleName(/Partiel 10 /);
  });

  it('shows only the unread ones when asked, and marks one read', async () => {
    const server = mockServer();
    const { user } = renderPage();
    await feed();
    await user.click(screen.getByRole('radio', { name: 'Non lues' }));
    await waitFor(() =>
      expect(server.asked).toContain(`GET /api/notifications?unread=true&limit=${PAGE_SIZE}`),
    );
    const list = await feed();
    await waitFor(() =>
      expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(/Partiel 29 /),
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(15);
    for (const link of within(list).getAllByRole('link'))
      expect(link).toHaveAccessibleName(/^Non lue : /);

    const mark = screen.getByRole('button', {
      name: 'Marquer comme lue : Résultat publié : Partiel 29 (Algorithmique)',
    });
    await user.click(mark);
    await waitFor(() => expect(server.asked).toContain('POST /api/notifications/29/read'));
    const first = within(list).getAllByRole('link')[0]!;
    await waitFor(() =>
      expect(first).toHaveAccessibleName('Résultat publié : Partiel 29 (Algorithmique)'),
    );
    // The button went with it: the focus is on the notification's link.
    expect(first).toHaveFocus();
    expect(await screen.findByText('14 non lues')).toBeInTheDocument();
  });

  it('marks all read', async () => {
    const server = mockServer();
    const { user } = renderPage();
    const list = await feed();
    await user.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() =>
      expect(within(list).queryAllByRole('link', { name: /^Non lue/ })).toEqual([]),
    );
    expect(server.asked).toContain('POST /api/notifications/read-all');
    expect(await screen.findByText('Tout est lu.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  });

  it('says when there is nothing unread', async () => {
    mockFetch((url) => {
      if (url.startsWith('/api/notifications')) return jsonResponse(200, aPage([], 0));
      if (url === '/api/me/notification-preferences') return jsonResponse(200, PREFERENCES);
      throw new Error(`Unexpected request ${url}`);
    });
    const { user } = renderPage();
    expect(await screen.findByText('Aucune notification pour l’instant.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Non lues' }));
    expect(
      await screen.findByText('Aucune notification non lue : tout est lu.'),
    ).toBeInTheDocument();
  });
});

describe('the notification preferences', () => {
  const section = () => screen.findByRole('region', { name: 'Préférences' });

  it('shows each type with its delivery, the default said, and saves only what changed', async () => {
    const server = mockServer();
    const { user } = renderPage();
    const preferences = await section();
    const grade = await within(preferences).findByRole('combobox', { name: 'Résultat publié' });
    expect(grade).toHaveValue('instant');
    expect(
      within(grade)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Dans l’application',
      'Par e-mail, aussitôt (par défaut)',
      'Résumé quotidien',
      'Jamais',
    ]);
    const added = within(preferences).getByRole('combobox', { name: 'Nouvelle évaluation' });
    expect(added).toHaveValue('off');
    expect(
      within(added).getByRole('option', { name: 'Résumé quotidien (par défaut)' }),
    ).toBeInTheDocument();
    expect(within(preferences).getByRole('combobox', { name: 'Heure d’envoi' })).toHaveValue('18');
    expect(within(preferences).getByRole('combobox', { name: 'Fuseau horaire' })).toHaveValue(
      'Europe/Paris',
    );
    expect(screen.queryByText(/sont désactivées dans vos paramètres/)).toBeNull();

    await user.selectOptions(grade, 'digest');
    expect(await screen.findByText('Préférences enregistrées.')).toBeInTheDocument();
    await user.selectOptions(
      within(preferences).getByRole('combobox', { name: 'Heure d’envoi' }),
      '7',
    );
    await waitFor(() => expect(server.patches).toHaveLength(2));
    expect(server.patches).toEqual([
      { types: [{ type: 'grade_published', delivery: 'digest' }] },
      { digest_hour: 7 },
    ]);
    await waitFor(() => expect(grade).toHaveValue('digest'));
    expect(within(preferences).getByRole('combobox', { name: 'Heure d’envoi' })).toHaveValue('7');
  });

  it('shows a refused change under its field, and keeps what was saved', async () => {
    const server = mockServer();
    const { user } = renderPage();
    const preferences = await section();
    const zone = await within(preferences).findByRole('combobox', { name: 'Fuseau horaire' });
    server.refuse = {
      status: 422,
      body: {
        message: 'Certaines valeurs sont invalides.',
        errors: { time_zone: ['Choisissez un fuseau horaire connu.'] },
      },
    };
    await user.selectOptions(zone, 'America/New_York');
    expect(
      await within(preferences).findByText('Choisissez un fuseau horaire connu.'),
    ).toBeVisible();
    expect(server.patches).toEqual([{ time_zone: 'America/New_York' }]);
    expect(zone).toHaveValue('Europe/Paris');
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(zone).toHaveAccessibleDescription('Choisissez un fuseau horaire connu.');

    server.refuse = {
      status: 422,
      body: {
        message: 'Certaines valeurs sont invalides.',
        errors: { 'types.0.delivery': ['Choisissez un mode de réception.'] },
      },
    };
    const grade = within(preferences).getByRole('combobox', { name: 'Résultat publié' });
    await user.selectOptions(grade, 'off');
    expect(grade).toHaveAccessibleDescription('Choisissez un mode de réception.');
    expect(grade).toHaveValue('instant');
  });

  it('takes the focus when the page is opened at #preferences, or the header’s link followed', async () => {
    mockServer();
    const { user } = renderPage('/notifications#preferences');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Préférences' });
    await waitFor(() => expect(heading).toHaveFocus());
    heading.blur();
    await user.click(screen.getByRole('link', { name: 'Préférences' }));
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('says that e-mails are off in the settings, and keeps a zone this browser does not list', async () => {
    mockServer({ ...PREFERENCES, email_enabled: false, time_zone: 'Etc/Unknown' });
    renderPage();
    const preferences = await section();
    expect(
      await within(preferences).findByText(/Les notifications par e-mail sont désactivées/),
    ).toBeInTheDocument();
    expect(
      within(preferences).getByRole('link', { name: 'Ouvrir les paramètres' }),
    ).toHaveAttribute('href', '/settings');
    const zone = within(preferences).getByRole('combobox', { name: 'Fuseau horaire' });
    expect(zone).toHaveValue('Etc/Unknown');
    expect(within(zone).getAllByRole('option')[0]).toHaveTextContent('Etc/Unknown');
  });
});
