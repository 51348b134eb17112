import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
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

describe('landing blocks', () => {
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
});
