import type { PublicSeminar, PublicTraining, PublicTrainingDetails } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';

const ulc = {
  id: 1,
  name: 'Université Lumière des Confluences',
  diminutive: 'ULC',
  kind: 'university' as const,
  color_code: '#1F5F8B',
  logo_link: null,
  url: 'https://ulc.example',
};
const ehn = {
  ...ulc,
  id: 2,
  name: 'École Horizon Numérique',
  diminutive: 'EHN',
  kind: 'school' as const,
};

const training = (
  id: number,
  title: string,
  extra: Partial<PublicTraining> = {},
): PublicTraining => ({
  id,
  title,
  program: 'Licence Informatique',
  level: 'L3',
  description: 'Une formation ouverte au public.',
  total_hours: 24,
  cover_link: null,
  institution: ulc,
  ...extra,
});

const TRAININGS = [
  training(1, 'Algorithmique et programmation'),
  training(2, 'Atelier Python pour débutants'),
  training(5, 'Développement front-end', {
    program: 'Bachelor Développement Web',
    level: 'B2',
    institution: ehn,
  }),
];

const SEMINARS: PublicSeminar[] = [
  {
    id: 3,
    title: 'Masterclass accessibilité web',
    description: 'Deux après-midi pour comprendre les règles.',
    promotion_name: 'Bachelor B2',
    nb_episodes: 2,
    syllabus_link: null,
    next_episode_at: null,
    institution: ehn,
  },
];

const DETAILS: PublicTrainingDetails = {
  ...TRAININGS[1]!,
  institution: { ...ulc, address: '1 quai', email: 'contact@ulc.example', phone: '' },
  modules: [{ id: 4, name: 'Fondamentaux de la programmation', description: '' }],
  updated_at: '2026-09-01T00:00:00.000Z',
};

function answerCatalogue(trainings = TRAININGS, seminars = SEMINARS) {
  return mockFetch((url) => {
    if (url === '/api/event/training') return jsonResponse(200, trainings);
    if (url === '/api/event/seminar') return jsonResponse(200, seminars);
    if (url === '/api/event/training/2') return jsonResponse(200, DETAILS);
    throw new Error(`Unexpected request ${url}`);
  });
}

// The session is module state read from storage when it loads: each test loads the page afresh.
async function renderPage(path = '/public-formations') {
  vi.resetModules();
  const { FormationsPage } = await import('./formations-page.tsx');
  const router = createMemoryRouter(
    [
      { path: '/public-formations', element: <FormationsPage /> },
      { path: '/public-trainings/:id', element: <h1>Page publique</h1> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const cardTitles = (sectionName: RegExp) =>
  within(screen.getByRole('region', { name: sectionName }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

beforeEach(() => {
  localStorage.clear();
});

describe('the public courses page', () => {
  it('lists the public trainings and seminars with their counts', async () => {
    answerCatalogue();
    await renderPage();
    expect(await screen.findByText('4 résultats')).toBeInTheDocument();
    expect(cardTitles(/^Formations/)).toEqual([
      'Licence Informatique L3 - Algorithmique et programmation',
      'Licence Informatique L3 - Atelier Python pour débutants',
      'Bachelor Développement Web B2 - Développement front-end',
    ]);
    expect(cardTitles(/^Séminaires/)).toEqual(['Masterclass accessibilité web']);
  });

  it('filters by title, program or institution as one types, ignoring case and accents', async () => {
    answerCatalogue();
    const router = await renderPage();
    const search = await screen.findByRole('searchbox', { name: 'Rechercher' });
    await userEvent.type(search, 'python');
    expect(screen.getByText('1 résultat')).toBeInTheDocument();
    expect(cardTitles(/^Formations/)).toEqual([
      'Licence Informatique L3 - Atelier Python pour débutants',
    ]);
    expect(screen.queryByRole('region', { name: /^Séminaires/ })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'ecole horizon');
    expect(screen.getByText('2 résultats')).toBeInTheDocument();
    expect(cardTitles(/^Formations/)).toEqual([
      'Bachelor Développement Web B2 - Développement front-end',
    ]);
    expect(cardTitles(/^Séminaires/)).toEqual(['Masterclass accessibilité web']);
    // The search settles into the address, so going back to the list finds it again.
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=ecole+horizon'));
  });

  it('filters by institution and by kind', async () => {
    answerCatalogue();
    await renderPage();
    await screen.findByText('4 résultats');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Établissement' }),
      'Université Lumière des Confluences',
    );
    expect(screen.getByText('2 résultats')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Établissement' }), '');
    await userEvent.click(screen.getByRole('radio', { name: 'Séminaires' }));
    expect(screen.getByText('1 résultat')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Formations/ })).toBeNull();
  });

  it('says when nothing matches, and clearing the search brings the list back', async () => {
    answerCatalogue();
    await renderPage('/public-formations?q=astrophysique&kind=trainings');
    expect(
      await screen.findByText(
        'Aucune formation ni aucun séminaire ne correspond à votre recherche.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('0 résultat')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Effacer la recherche et les filtres' }),
    );
    expect(screen.getByText('4 résultats')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('');
  });

  it('says so when the catalogue has nothing public yet', async () => {
    answerCatalogue([], []);
    await renderPage();
    expect(
      await screen.findByText("Aucune formation ni aucun séminaire public pour l'instant."),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Effacer la recherche et les filtres' }),
    ).toBeNull();
  });

  it("sends a visitor's card to the training's public page", async () => {
    answerCatalogue();
    await renderPage();
    const card = await screen.findByRole('link', { name: /Atelier Python/ });
    expect(card).toHaveAttribute('href', '/public-trainings/2');
  });

  it("opens a signed-in user's card in a dialog on this page, which they may open", async () => {
    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
    answerCatalogue();
    const router = await renderPage('/public-formations?q=python');
    await userEvent.click(await screen.findByRole('link', { name: /Atelier Python/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Licence Informatique L3 - Atelier Python pour débutants',
    });
    expect(router.state.location.pathname).toBe('/public-formations');
    expect(router.state.location.search).toBe('?q=python&training=2');
    expect(within(dialog).getByText('Fondamentaux de la programmation')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: "Contacter l'établissement" })).toHaveAttribute(
      'href',
      `/contact?institution=1&object=${encodeURIComponent('Atelier Python pour débutants')}`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?q=python');
  });
});
