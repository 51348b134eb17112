import type { PublicTraining } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TrainingsBlock } from './grouped-catalogue.tsx';
import { InstitutionsCarousel } from './institutions-carousel.tsx';

function renderBlocks() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <div data-testid="trainings">
              <TrainingsBlock grouped />
            </div>
            <div data-testid="institutions">
              <InstitutionsCarousel />
            </div>
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

/** A public training of the given institution, as the catalogue's API answers it. */
function publicTraining(id: number, title: string, diminutive: string): PublicTraining {
  return {
    id,
    title,
    program: 'Licence Informatique',
    level: 'L3',
    description: 'Une formation ouverte au public.',
    total_hours: 24,
    cover_link: null,
    institution: {
      id: diminutive === 'ULC' ? 1 : 2,
      name: diminutive === 'ULC' ? 'Université Lumière des Confluences' : 'École Horizon Numérique',
      diminutive,
      kind: 'school',
      color_code: '#1F5F8B',
      logo_link: null,
      url: `https://${diminutive.toLowerCase()}.example`,
    },
  };
}

/** The rows' carousel (Embla) needs what jsdom lacks. */
function stubLayout() {
  const Observer = class {
    observe() {}
    disconnect() {}
  };
  vi.stubGlobal('ResizeObserver', Observer);
  vi.stubGlobal('IntersectionObserver', Observer);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe('landing blocks', () => {
  it("hold the catalogue's place while it loads: busy, placeholder groups of cards, then the groups", async () => {
    stubLayout();
    let answer: (response: Response) => void = () => undefined;
    mockFetch((url) =>
      url === '/api/event/training'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : jsonResponse(200, []),
    );
    renderBlocks();
    const block = screen.getByTestId('trainings');
    const busy = within(block).getByText('Chargement des formations…').parentElement;
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // Two groups of placeholder cards, each card of a real card's frame, hidden from screen readers.
    const groups = block.querySelectorAll('.catalogue__group');
    expect(groups).toHaveLength(2);
    for (const group of groups) expect(group).toHaveAttribute('aria-hidden', 'true');
    expect(block.querySelectorAll('.training-card.training-card--skeleton')).toHaveLength(10);
    expect(within(block).queryByRole('heading')).toBeNull();

    answer(
      jsonResponse(200, [
        publicTraining(1, 'Algorithmique et programmation', 'ULC'),
        publicTraining(2, 'Développement front-end', 'EHN'),
      ]),
    );
    expect(await within(block).findByRole('heading', { name: /ULC/ })).toBeInTheDocument();
    expect(within(block).getByRole('heading', { name: /EHN/ })).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: /Algorithmique/ })).toBeInTheDocument();
    expect(block.querySelector('[aria-busy]')).toBeNull();
    expect(block.querySelector('.training-card--skeleton')).toBeNull();
  });

  it("show nothing but the 'Error' toast when their data fails to load", async () => {
    mockFetch(() => jsonResponse(500, { message: 'boom' }));
    renderBlocks();
    expect(await screen.findAllByText('Erreur')).not.toHaveLength(0);
    expect(screen.getByTestId('trainings')).toBeEmptyDOMElement();
    expect(screen.getByTestId('institutions')).toBeEmptyDOMElement();
  });

  it('show the empty catalogue message once an empty list has loaded', async () => {
    mockFetch(() => jsonResponse(200, []));
    renderBlocks();
    expect(
      await screen.findByText("Aucune formation publique pour l'instant."),
    ).toBeInTheDocument();
    expect(screen.getByTestId('institutions')).toBeEmptyDOMElement();
  });

  it('show each partner institution once in the strip', async () => {
    // jsdom has no layout: a wide row where the logos fit, so the strip stands still.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    const institution = (id: number, name: string, diminutive: string) => ({
      id,
      name,
      diminutive,
      kind: 'school',
      color_code: '#1F5F8B',
      logo_link: null,
      url: `https://${diminutive.toLowerCase()}.example`,
    });
    mockFetch((url) =>
      jsonResponse(
        200,
        url === '/api/event/institution'
          ? [
              institution(3, 'Nordlicht Akademie', 'NLA'),
              institution(1, 'Université Lumière des Confluences', 'ULC'),
              institution(2, 'École Horizon Numérique', 'EHN'),
            ]
          : [],
      ),
    );
    renderBlocks();
    const strip = await screen.findByRole('list', { name: 'Ils nous font confiance' });
    expect(within(strip).getAllByRole('listitem')).toHaveLength(3);
    for (const name of ['NLA', 'ULC', 'EHN']) {
      expect(within(strip).getAllByText(name)).toHaveLength(1);
    }
    expect(within(strip).getByRole('link', { name: /ULC/ })).toHaveAttribute(
      'href',
      'https://ulc.example',
    );
  });
});
