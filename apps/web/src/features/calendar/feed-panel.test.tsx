import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FeedPanel } from './feed-panel.tsx';

const URL_SHOWN = 'http://localhost:3000/api/calendar-feeds/abc123.ics';

/** The feed API of one user: GET answers the state, POST makes one, DELETE revokes it. */
function feedApi(initiallyActive: boolean) {
  let active = initiallyActive;
  const state = () => ({
    active,
    created_at: active ? '2026-11-02T08:00:00.000Z' : null,
    last_used_at: null,
  });
  return mockFetch((url, init) => {
    expect(url).toBe('/api/me/calendar-feed');
    if (init.method === 'POST') {
      active = true;
      return jsonResponse(201, { ...state(), url: URL_SHOWN });
    }
    if (init.method === 'DELETE') {
      active = false;
      return new Response(null, { status: 204 });
    }
    return jsonResponse(200, state());
  });
}

describe('the calendar feed panel', () => {
  it('shows the new address once, with a button that copies it', async () => {
    const fetch = feedApi(false);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<FeedPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Créer une adresse de flux' }));
    const address = await screen.findByLabelText('Adresse de votre flux');
    expect(address).toHaveValue(URL_SHOWN);
    expect(address).toHaveAttribute('readonly');
    expect(screen.getByText(/n’est affichée que maintenant/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copier' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_SHOWN));
    // Now active: it can be replaced or revoked, not created again.
    expect(screen.getByRole('button', { name: 'Remplacer l’adresse' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Créer une adresse de flux' })).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('revokes an active feed only after the confirmation, and offers to create one again', async () => {
    const fetch = feedApi(true);
    renderWithProviders(<FeedPanel />);
    expect(await screen.findByText(/Flux actif depuis le 2 novembre 2026/)).toBeInTheDocument();
    // An address made earlier is never shown again: only its hash is kept.
    expect(screen.queryByLabelText('Adresse de votre flux')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Révoquer' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Êtes-vous sûr de vouloir révoquer le flux ?',
    });
    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes()).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    expect(
      await screen.findByRole('button', { name: 'Créer une adresse de flux' }),
    ).toBeInTheDocument();
    expect(deletes()).toHaveLength(1);
  });
});
