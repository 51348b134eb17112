import type { Announcement } from '@skolar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { anAnnouncement } from '../../test/announcements.ts';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { AnnouncementsCard, CARD_LATEST } from './dashboard-card.tsx';

function renderCard(list: Announcement[]) {
  const asked: string[] = [];
  mockFetch((url) => {
    asked.push(url);
    if (url === '/api/announcements') return jsonResponse(200, { data: list });
    throw new Error(`Unexpected request ${url}`);
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <AnnouncementsCard /> },
      { path: '/announcements', element: <h1>Toutes les annonces</h1> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { asked, router, user: userEvent.setup() };
}

beforeEach(async () => {
  await signedInAs('student');
});

describe('the dashboard’s card of announcements', () => {
  it(`shows the pinned ones, then the latest ${CARD_LATEST}, each a link to its place`, async () => {
    const long = `<h2>Info</h2><p>${'Les inscriptions ferment bientôt. '.repeat(12)}</p>`;
    const { router, user } = renderCard([
      anAnnouncement(9, { title: 'Campus fermé', pinned: true, hoursAgo: 100 }),
      anAnnouncement(8, { title: 'Inscriptions', body: long, hoursAgo: 1 }),
      anAnnouncement(7, { title: 'Salle changée', hoursAgo: 3 }),
      anAnnouncement(6, { title: 'Bibliothèque', hoursAgo: 5 }),
      anAnnouncement(5, { title: 'Trop ancienne', hoursAgo: 50 }),
    ]);
    const card = await screen.findByRole('region', { name: 'Annonces' });
    const links = within(within(card).getByRole('list')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Campus fermé',
      'Inscriptions',
      'Salle changée',
      'Bibliothèque',
    ]);
    expect(links[0]).toHaveAttribute('href', '/announcements#announcement-9');
    const [pinned, latest] = within(card).getAllByRole('listitem');
    expect(within(pinned!).getByText('Épinglée')).toBeInTheDocument();
    expect(within(pinned!).getByText('Claire Martin')).toBeInTheDocument();
    expect(within(latest!).queryByText('Épinglée')).toBeNull();
    expect(within(latest!).getByText('il y a 1 h')).toBeInTheDocument();
    // The first words, as text, cut with an ellipsis.
    expect(
      within(latest!).getByText(/^Info Les inscriptions ferment bientôt\. .*…$/),
    ).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Toutes les annonces' })).toHaveAttribute(
      'href',
      '/announcements',
    );

    await user.click(links[1]!);
    expect(await screen.findByRole('heading', { name: 'Toutes les annonces' })).toBeVisible();
    expect(router.state.location.hash).toBe('#announcement-8');
  });

  it('leaves out what staff see scheduled, and shows nothing when none is out', async () => {
    const { asked } = renderCard([
      anAnnouncement(4, { published_at: null, publish_at: '2099-01-01T08:00:00Z' }),
    ]);
    await waitFor(() => expect(asked).toEqual(['/api/announcements']));
    // Let the answer land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
