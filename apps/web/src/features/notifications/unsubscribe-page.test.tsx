import type { Role, UnsubscribeInfo } from '@skolar/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { UnsubscribePage } from './unsubscribe-page.tsx';

const TOKEN = 'tok_3f9a';
const URL = `/api/notifications/unsubscribe/${TOKEN}`;

const info = (overrides: Partial<UnsubscribeInfo> = {}): UnsubscribeInfo => ({
  type: 'grade_published',
  institution_name: 'Université Skolar',
  used: false,
  ...overrides,
});

/** The page of a mail's link, signed in as `role` or a visitor; the API answers GET and POST. */
async function renderLink(
  role: Role | null,
  answers: { get: () => Response; post?: () => Response },
) {
  await signedInAs(role);
  const asked: { method: string; url: string; accept: string | null }[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    asked.push({ method, url, accept: new Headers(init.headers).get('Accept') });
    if (url === URL && method === 'GET') return answers.get();
    if (url === URL && method === 'POST' && answers.post) return answers.post();
    throw new Error(`Unexpected request ${method} ${url}`);
  });
  const router = createMemoryRouter(
    [{ path: '/unsubscribe/:token', element: <UnsubscribePage /> }],
    {
      initialEntries: [`/unsubscribe/${TOKEN}`],
    },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { asked, user: userEvent.setup() };
}

describe('the unsubscribe page', () => {
  it('says what the link stops, stops it on the button only, and confirms', async () => {
    const { asked, user } = await renderLink(null, {
      get: () => jsonResponse(200, info()),
      post: () => jsonResponse(200, info({ used: true })),
    });
    expect(
      await screen.findByText(
        'Ce lien arrête les e-mails « Résultat publié » de Université Skolar.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Se désinscrire des e-mails' }),
    ).toBeVisible();
    expect(
      screen.getByText(/Ces notifications restent visibles dans l’application/),
    ).toBeInTheDocument();
    // A visitor is asked to sign in to reach the preferences.
    expect(
      screen.getByRole('link', { name: 'Se connecter pour régler mes notifications' }),
    ).toHaveAttribute('href', '/login');
    // Opening the page changed nothing.
    expect(asked).toEqual([{ method: 'GET', url: URL, accept: 'application/json' }]);

    await user.click(screen.getByRole('button', { name: 'Se désinscrire' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Désinscription enregistrée' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Vous ne recevrez plus d’e-mails « Résultat publié » de Université Skolar.',
    );
    expect(asked.map((call) => call.method)).toEqual(['GET', 'POST']);
  });

  it('names the daily digest, and leads a signed-in reader to the preferences', async () => {
    await renderLink('teacher', { get: () => jsonResponse(200, info({ type: 'digest' })) });
    expect(
      await screen.findByText(
        'Ce lien arrête le résumé quotidien des notifications de Université Skolar.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Régler mes notifications' })).toHaveAttribute(
      'href',
      '/notifications#preferences',
    );
  });

  it('says when the link was already used', async () => {
    await renderLink(null, { get: () => jsonResponse(200, info({ used: true })) });
    expect(await screen.findByRole('heading', { name: 'Lien déjà utilisé' })).toBeVisible();
    expect(screen.getByText('Ce lien a déjà servi : ces e-mails sont déjà arrêtés.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Se désinscrire' })).toBeNull();
  });

  it('says so when the link was used in the meantime (410)', async () => {
    const { user } = await renderLink(null, {
      get: () => jsonResponse(200, info()),
      post: () => jsonResponse(410, { message: 'Ce lien a déjà servi.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Se désinscrire' }));
    expect(await screen.findByRole('heading', { name: 'Lien déjà utilisé' })).toBeVisible();
  });

  it('says a forged or unknown link is not one (404)', async () => {
    const { asked } = await renderLink(null, {
      get: () => jsonResponse(404, { message: 'Introuvable.' }),
    });
    expect(await screen.findByRole('heading', { name: 'Lien inconnu' })).toBeVisible();
    expect(screen.getByText(/Ce lien de désinscription n’est pas valide/)).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('shows the message of a refusal (429) and lets the reader try again', async () => {
    let tries = 0;
    const { user } = await renderLink(null, {
      get: () => jsonResponse(200, info()),
      post: () => {
        tries += 1;
        return tries === 1
          ? jsonResponse(429, { message: 'Trop de tentatives, réessayez dans une minute.' })
          : jsonResponse(200, info({ used: true }));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Se désinscrire' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de tentatives, réessayez dans une minute.',
    );
    await user.click(screen.getByRole('button', { name: 'Se désinscrire' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Désinscription enregistrée' })).toBeVisible(),
    );
  });
});
