import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { aNotification, aPage } from '../../test/notifications.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { SINCE_LAST_VISIT, UnreadSinceLastVisit } from './since-last-visit.tsx';

function renderCard(unread: number) {
  const items = Array.from({ length: Math.min(unread, SINCE_LAST_VISIT) }, (_, index) =>
    aNotification(50 - index, { minutesAgo: 10 * (index + 1) }),
  );
  const asked: string[] = [];
  mockFetch((url, init) => {
    asked.push(`${init.method ?? 'GET'} ${url}`);
    if (url === `/api/notifications?unread=true&limit=${SINCE_LAST_VISIT}`)
      return jsonResponse(200, aPage(items, unread, unread > SINCE_LAST_VISIT));
    if (url === '/api/notifications?limit=1') return jsonResponse(200, aPage(items, unread));
    if (url === '/api/notifications/50/read') return jsonResponse(200, { unread: unread - 1 });
    throw new Error(`Unexpected request ${url}`);
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <UnreadSinceLastVisit /> },
      { path: '/results', element: <h1>Mes résultats</h1> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { asked, user: userEvent.setup() };
}

beforeEach(async () => {
  await signedInAs('student');
});

describe('the dashboard’s card of unread notifications', () => {
  it(`lists the latest ${SINCE_LAST_VISIT} unread with their links, and counts them all`, async () => {
    const { asked, user } = renderCard(7);
    const card = await screen.findByRole('region', { name: 'Depuis votre dernière visite' });
    const list = within(card).getByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(SINCE_LAST_VISIT);
    expect(links[0]).toHaveTextContent('Résultat publié : Partiel 50 (Algorithmique)');
    expect(links[0]).toHaveAttribute('href', '/results');
    expect(within(card).getByText('il y a 10 min')).toBeInTheDocument();
    expect(within(card).getByText('7 notifications non lues')).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'Voir toutes les notifications' }),
    ).toHaveAttribute('href', '/notifications');

    await user.click(links[0]!);
    expect(await screen.findByRole('heading', { name: 'Mes résultats' })).toBeVisible();
    await waitFor(() => expect(asked).toContain('POST /api/notifications/50/read'));
  });

  it('shows nothing when everything is read', async () => {
    const { asked } = renderCard(0);
    await waitFor(() =>
      expect(asked).toContain(`GET /api/notifications?unread=true&limit=${SINCE_LAST_VISIT}`),
    );
    // Let the answer land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
