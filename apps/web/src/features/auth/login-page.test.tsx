import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, routesHandler } from '../../test/fetch.ts';
import { studentInfo } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

function renderLogin(entry = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/dashboard', element: <p>dashboard reached</p> },
      { path: '/verify-email-request', element: <p>verification requested</p> },
    ],
    { initialEntries: [entry] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Adresse e-mail'), email);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('LoginPage', () => {
  it("shows the API's error message when the credentials are refused", async () => {
    mockFetch(
      routesHandler({
        'POST /api/auth/login': () => jsonResponse(401, { message: 'Identifiants incorrects.' }),
      }),
    );
    renderLogin();
    await submit('student@uni.skolar.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiants incorrects.');
  });

  it("shows the API's field errors under their fields", async () => {
    mockFetch(() =>
      jsonResponse(422, {
        message: 'Les données sont invalides.',
        errors: { email: ['Adresse inconnue du serveur.'] },
      }),
    );
    renderLogin();
    await submit('someone@skolar.test', 'x');
    const email = screen.getByLabelText('Adresse e-mail');
    expect(await screen.findByText('Adresse inconnue du serveur.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Adresse inconnue du serveur.');
  });

  it('checks the fields before calling the API', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500));
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    const loginCalls = fetchMock.mock.calls.filter(([url]) =>
      String(url).endsWith('/api/auth/login'),
    );
    expect(loginCalls).toHaveLength(0);
  });

  it('shows the message and error_message query values', () => {
    renderLogin(
      '/login?message=Mot%20de%20passe%20modifi%C3%A9&error_message=Session%20expir%C3%A9e',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Mot de passe modifié');
    expect(screen.getByRole('alert')).toHaveTextContent('Session expirée');
  });

  it('lists the demo accounts the API reports and fills the form from one', async () => {
    mockFetch(
      routesHandler({
        'GET /api/dev/demo-accounts': () =>
          jsonResponse(200, [
            { role: 'teacher', email: 'teacher@school.skolar.test', institution: 'EHN' },
          ]),
      }),
    );
    renderLogin();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /teacher@school\.skolar\.test/ }));
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('teacher@school.skolar.test');
    expect(screen.getByLabelText('Mot de passe')).toHaveValue('Skolar#2026');
  });

  it('goes to the e-mail verification page when the API asks for it', async () => {
    mockFetch(
      routesHandler({
        'POST /api/auth/login': () => jsonResponse(200, { verify_email: true }),
        'POST /api/auth/verify-email-request': () => jsonResponse(200, { message: 'Envoyé' }),
      }),
    );
    const router = renderLogin();
    await submit('new@skolar.test', 'Skolar#2026');
    expect(await screen.findByText('verification requested')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?email=new%40skolar.test');
  });

  it('signs in and goes to the dashboard', async () => {
    mockFetch(
      routesHandler({
        'POST /api/auth/login': () =>
          jsonResponse(200, { verify_email: false, userId: 7, accessToken: 't', role: 'student' }),
        'GET /api/auth/info': () => jsonResponse(200, studentInfo),
      }),
    );
    renderLogin();
    await submit('student@uni.skolar.test', 'Skolar#2026');
    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
  });

  it('masks the password, offers it to password managers, and sends a pasted one as it is', async () => {
    const fetchMock = mockFetch(
      routesHandler({
        'POST /api/auth/login': () =>
          jsonResponse(200, { verify_email: false, userId: 7, accessToken: 't', role: 'student' }),
        'GET /api/auth/info': () => jsonResponse(200, studentInfo),
      }),
    );
    renderLogin();
    const password = screen.getByLabelText('Mot de passe');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAttribute('autocomplete', 'username');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Adresse e-mail'), 'student@uni.skolar.test');
    await user.click(password);
    const pasted = '  a long passphrase from a manager, Skolar#2026  ';
    await user.paste(pasted);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login');
    expect(JSON.parse(String(call?.[1]?.body)).password).toBe(pasted);
  });
});

describe('sign-in with MFA', () => {
  it('asks for the code after the password, then opens the session', async () => {
    const fetchMock = mockFetch(
      routesHandler({
        'GET /api/dev/demo-accounts': () => jsonResponse(404, { message: 'no' }),
        'POST /api/auth/login': () =>
          jsonResponse(200, { verify_email: false, mfa_required: true, mfa_token: 'challenge' }),
        'POST /api/auth/login/mfa': () =>
          jsonResponse(200, {
            verify_email: false,
            userId: studentInfo.id,
            role: 'student',
            accessToken: 'x',
          }),
        'GET /api/auth/info': () => jsonResponse(200, studentInfo),
      }),
    );
    const router = createMemoryRouter(
      [
        { path: '/login', Component: LoginPage },
        { path: '/dashboard', element: <p>dashboard reached</p> },
      ],
      { initialEntries: ['/login'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Adresse e-mail'), 'student@uni.skolar.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Skolar#2026');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const code = await screen.findByLabelText('Code à 6 chiffres');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
    const mfaCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login/mfa');
    expect(JSON.parse(String(mfaCall?.[1]?.body))).toEqual({
      mfa_token: 'challenge',
      code: '123456',
    });
  });
});
