import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, routesHandler } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';
import { ProfileDetailsPage } from './profile-details-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { SettingsPage } from './settings-page.tsx';

function renderAt(path: string, entry: string, Component: () => React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path, Component },
      { path: '/login', element: <p>login reached</p> },
    ],
    { initialEntries: [entry] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

const RULE =
  'Le nouveau mot de passe doit contenir au moins 8 caractères avec une minuscule, une majuscule, un chiffre et un caractère spécial.';

describe('ResetPasswordPage', () => {
  it('refuses a weak password with the rule message before calling the API, then resets', async () => {
    const fetchMock = mockFetch(
      routesHandler({
        'GET /api/auth/verify-token/abc': () => jsonResponse(200, { valid: true }),
        'POST /api/auth/reset-password/abc': () =>
          jsonResponse(200, { message: 'Mot de passe réinitialisé.' }),
      }),
    );
    const router = renderAt('/reset-password/:token', '/reset-password/abc', ResetPasswordPage);
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Nouveau mot de passe');
    await user.type(password, 'faible');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'faible');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    expect(await screen.findByText(RULE)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.clear(password);
    await user.type(password, 'Solide#2026');
    await user.clear(screen.getByLabelText('Confirmez le nouveau mot de passe'));
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'Solide#2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toContain('message=');
  });

  it('says when the link is no longer valid', async () => {
    mockFetch(
      routesHandler({
        'GET /api/auth/verify-token/old': () => jsonResponse(200, { valid: false }),
      }),
    );
    renderAt('/reset-password/:token', '/reset-password/old', ResetPasswordPage);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien est invalide');
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('ChangePasswordPage', () => {
  it("puts the server's wrong-password error under the current password", async () => {
    mockFetch(
      routesHandler({
        'POST /api/auth/change-password': () =>
          jsonResponse(422, {
            message: 'Les données envoyées ne sont pas valides.',
            errors: { current_password: ['Mot de passe incorrect.'] },
          }),
      }),
    );
    renderAt('/change-password', '/change-password', ChangePasswordPage);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'faux');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Solide#2026');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'Solide#2026');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Mot de passe incorrect.')).toBeInTheDocument();
  });
});

describe('ProfileDetailsPage picture', () => {
  const profile = {
    id: 7,
    email: 'student@uni.skolar.test',
    first_name: 'Amina',
    last_name: 'Diallo',
    gender: 'Mme',
    phone: null,
    date_of_birth: null,
    picture_link: null,
  };

  it('sends the chosen image as it is, and refuses a wrong type or size before sending', async () => {
    const fetchMock = mockFetch(
      routesHandler({
        'GET /api/me/profile': () => jsonResponse(200, profile),
        'PUT /api/me/picture': () =>
          jsonResponse(200, { ...profile, picture_link: 'data:image/webp;base64,AAAA' }),
      }),
    );
    renderAt('/profile-details', '/profile-details', ProfileDetailsPage);
    const input = await screen.findByLabelText('Photo de profil');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce type de fichier n’est pas accepté : choisissez un fichier PNG, JPG ou WEBP.',
    );
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Ce fichier est trop lourd : 2\sMo maximum\.$/,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(input, photo);
    expect(await screen.findByRole('img', { name: 'Votre photo de profil' })).toHaveAttribute(
      'src',
      'data:image/webp;base64,AAAA',
    );
    const [, init] = fetchMock.mock.calls[1]!;
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(photo);
    expect(new Headers(init?.headers).get('content-type')).toBe('image/png');
  });
});

describe('SettingsPage sessions', () => {
  const settings = {
    locale: 'fr',
    theme: 'light',
    notify_email: true,
    notify_offers: false,
    mfa_enabled: false,
    mfa_required: false,
  };
  const session = (id: number, current: boolean, browser: string) => ({
    id,
    browser,
    os: 'Linux',
    ip: null,
    created_at: '2026-11-24T10:00:00.000Z',
    last_seen_at: '2026-11-24T10:00:00.000Z',
    current,
  });

  it('asks the password before ending another session or all the others, and sends the step-up', async () => {
    const fetchMock = mockFetch(
      routesHandler({
        'GET /api/me/settings': () => jsonResponse(200, settings),
        'GET /api/me/sessions': () =>
          jsonResponse(200, [session(1, true, 'Firefox'), session(2, false, 'Chrome')]),
        'POST /api/auth/verify-password-request': () => jsonResponse(200, { token: 'step-up' }),
        'DELETE /api/me/sessions/2': () => new Response(null, { status: 204 }),
        'POST /api/me/sessions/revoke-others': () => jsonResponse(200, { revoked: 1 }),
      }),
    );
    renderAt('/settings', '/settings', SettingsPage);
    const user = userEvent.setup();
    const calls = (key: string) =>
      fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key);

    await user.click(
      await screen.findByRole('button', { name: 'Déconnecter la session Chrome · Linux' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre identité' });
    expect(dialog).toHaveTextContent('Pour déconnecter un autre appareil');
    expect(calls('DELETE /api/me/sessions/2')).toHaveLength(0);
    await user.type(screen.getByLabelText('Votre mot de passe'), 'Skolar#2026');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('La session a été déconnectée.')).toBeInTheDocument();
    const [[, ended]] = calls('DELETE /api/me/sessions/2') as [[string, RequestInit]];
    expect(new Headers(ended.headers).get('x-confirm-token')).toBe('step-up');

    await user.click(screen.getByRole('button', { name: 'Se déconnecter partout ailleurs' }));
    await user.type(await screen.findByLabelText('Votre mot de passe'), 'Skolar#2026');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('1 autre session déconnectée.')).toBeInTheDocument();
    const [[, others]] = calls('POST /api/me/sessions/revoke-others') as [[string, RequestInit]];
    expect(new Headers(others.headers).get('x-confirm-token')).toBe('step-up');
  });
});
