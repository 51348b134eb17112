import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, routesHandler } from '../test/fetch.ts';
import { studentInfo } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';

// The session is module state: each test loads the routes (and the session) afresh.
async function renderAt(path: string) {
  vi.resetModules();
  const { routes } = await import('./router.tsx');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function signedInAsStudent() {
  localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
  mockFetch(routesHandler({ 'GET /api/auth/info': () => jsonResponse(200, studentInfo) }));
}

beforeEach(() => {
  localStorage.clear();
});

describe('the guarded route table', () => {
  it('sends a visitor of a restricted route home, silently', async () => {
    mockFetch(() => jsonResponse(500));
    const router = await renderAt('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Explorer, apprendre, réussir' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Connexion' }),
    ).toBeInTheDocument();
  });

  it('sends a signed-in student from / to the dashboard, with the student chrome', async () => {
    signedInAsStudent();
    const router = await renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Bonjour, Amina !' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Université Skolar')).toBeInTheDocument();
    const roleMenu = screen.getByRole('navigation', { name: 'Menu de votre rôle' });
    expect(
      within(roleMenu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Formations', '/student/trainings'],
      ['Séminaires', '/student/seminars'],
      ['Évaluations', '/list-evaluations'],
      ['Émargement', '/check-in'],
      ['Annonces', '/announcements'],
      ['Discussions', '/discussions'],
      ['Messages', '/messages'],
    ]);
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('link', { name: 'Calendrier' })).toBeNull();
    expect(within(banner).getByRole('link', { name: 'Accueil' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it("shows a student's planning at /student-planning (the last route that was coming soon)", async () => {
    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
    mockFetch((url) =>
      url === '/api/auth/info'
        ? jsonResponse(200, studentInfo)
        : url.startsWith('/api/me/planning?')
          ? jsonResponse(200, { time_zone: 'Europe/Paris', entries: [] })
          : jsonResponse(200, { active: false, created_at: null, last_used_at: null }),
    );
    await renderAt('/student-planning');
    expect(await screen.findByRole('heading', { name: 'Mon planning' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bientôt disponible' })).toBeNull();
  });

  it('lets a visitor open /calendar (no role guard) and asks them to sign in, calling no API', async () => {
    const fetch = mockFetch(() => jsonResponse(401, { message: 'Non connecté' }));
    const router = await renderAt('/calendar');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Calendrier' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/calendar');
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Se connecter' }),
    ).toHaveAttribute('href', '/login');
    expect(
      fetch.mock.calls.map(([url]) => url).filter((url) => String(url).includes('/api/events')),
    ).toEqual([]);
  });

  it('sends a student away from an admin route', async () => {
    signedInAsStudent();
    const router = await renderAt('/students/add');
    expect(await screen.findByRole('heading', { name: 'Bonjour, Amina !' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends an expired session to /login with the message', async () => {
    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
    mockFetch(() => jsonResponse(401, { message: 'Non connecté' }));
    const router = await renderAt('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre session a expiré, veuillez vous reconnecter',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('lets a visitor open a mail’s unsubscribe link, and a student the notifications', async () => {
    mockFetch((url) =>
      url === '/api/notifications/unsubscribe/abc'
        ? jsonResponse(200, { type: 'digest', institution_name: 'Université Skolar', used: false })
        : jsonResponse(404, { message: 'Introuvable.' }),
    );
    const router = await renderAt('/unsubscribe/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Se désinscrire des e-mails' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unsubscribe/abc');

    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
    mockFetch((url) =>
      url === '/api/auth/info'
        ? jsonResponse(200, studentInfo)
        : url.startsWith('/api/notifications')
          ? jsonResponse(200, { data: [], unread: 0, has_more: false })
          : jsonResponse(404, { message: 'Introuvable.' }),
    );
    await renderAt('/notifications');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifications' }),
    ).toBeInTheDocument();
  });

  it('shows the not-found page outside the table', async () => {
    await renderAt('/no/such/page/here/at-all');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  });
});
