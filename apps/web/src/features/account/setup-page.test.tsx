import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, routesHandler } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FirstRunSetupPage } from './setup-page.tsx';

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/setup/:token', Component: FirstRunSetupPage },
      { path: '/login', element: <p>login reached</p> },
    ],
    { initialEntries: [entry] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('FirstRunSetupPage', () => {
  it('creates the first super-admin, the server’s field error shown under its field first', async () => {
    let calls = 0;
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      if (init.method === 'POST' && url === '/api/setup/abc') {
        bodies.push(JSON.parse(String(init.body)));
        calls += 1;
        return calls === 1
          ? jsonResponse(422, {
              message: 'Données invalides.',
              errors: { password: ['Ce mot de passe est trop courant.'] },
            })
          : jsonResponse(201, { message: 'Le compte super-administrateur est créé.' });
      }
      if (url === '/api/setup/abc') return new Response(null, { status: 204 });
      throw new Error(`Unexpected request ${url}`);
    });
    const router = renderAt('/setup/abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Prénom'), 'Ada');
    await user.type(screen.getByLabelText('Nom'), 'Lovelace');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'ada@example.org');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'P@ssw0rdX');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'P@ssw0rdX');
    await user.click(screen.getByRole('button', { name: 'Créer le super-administrateur' }));
    expect(await screen.findByText('Ce mot de passe est trop courant.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer le super-administrateur' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodies.at(-1)).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      locale: 'fr',
    });
  });

  it('says when the link no longer works, and shows no form', async () => {
    mockFetch(
      routesHandler({
        'GET /api/setup/old': () => jsonResponse(404, { message: 'Lien invalide.' }),
      }),
    );
    renderAt('/setup/old');
    expect(await screen.findByRole('alert')).toHaveTextContent('première installation');
    expect(screen.queryByLabelText('Prénom')).not.toBeInTheDocument();
  });
});
