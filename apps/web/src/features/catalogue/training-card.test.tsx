import type { PublicTraining } from '@skolar/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { groupByInstitution } from './api.ts';
import { TrainingCard } from './training-card.tsx';

const institution = {
  id: 4,
  name: 'Université Lumière des Confluences',
  diminutive: 'ULC',
  kind: 'university' as const,
  color_code: '#1F5F8B',
  logo_link: null,
  url: 'https://ulc.example',
};

const training: PublicTraining = {
  id: 12,
  title: 'Algorithmique',
  program: 'Licence Informatique',
  level: 'L3',
  description: 'un deux trois quatre cinq six sept huit neuf dix onze douze',
  total_hours: 0,
  cover_link: null,
  institution,
};

function renderCard(fullName: boolean, overrides: Partial<PublicTraining> = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <TrainingCard training={{ ...training, ...overrides }} fullName={fullName} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('TrainingCard', () => {
  it('shows the heading, the hours, the cut description, and links to the details', () => {
    renderCard(false);
    expect(
      screen.getByRole('heading', { name: 'Licence Informatique L3 - Algorithmique' }),
    ).toBeInTheDocument();
    expect(screen.getByText('(0h)')).toBeInTheDocument();
    expect(
      screen.getByText('un deux trois quatre cinq six sept huit neuf dix ...'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/public-trainings/12');
    expect(screen.getByText('ULC', { selector: '.training-card__institution' })).toBeVisible();
  });

  it("draws a card without a cover in the institution's colour with its initials, or its logo", () => {
    renderCard(false, { institution: { ...institution, diminutive: null } });
    const placeholder = screen.getByTestId('empty-cover');
    expect(placeholder).toHaveStyle({ '--institution-colour': '#1F5F8B' });
    expect(placeholder).toHaveTextContent('ULC');
    cleanup();
    renderCard(false, { institution: { ...institution, logo_link: '/demo/logos/ulc.svg' } });
    expect(screen.getByTestId('empty-cover').querySelector('img')).toHaveAttribute(
      'src',
      '/demo/logos/ulc.svg',
    );
  });

  it('shows the full institution name outside the grouped catalogue, and the cover when there is one', () => {
    renderCard(true, { cover_link: '/demo/covers/web.svg', total_hours: 42 });
    expect(screen.getByText('Université Lumière des Confluences')).toBeInTheDocument();
    expect(screen.getByText('(42h)')).toBeInTheDocument();
    expect(screen.queryByTestId('empty-cover')).toBeNull();
  });
});

describe('groupByInstitution', () => {
  it('groups trainings per institution id, keeping the order of first appearance', () => {
    const other = { ...institution, id: 9, name: 'École', diminutive: 'E' };
    const groups = groupByInstitution([
      training,
      { ...training, id: 13, institution: other },
      { ...training, id: 14 },
    ]);
    expect(groups.map((g) => [g.institution.id, g.trainings.map((t) => t.id)])).toEqual([
      [4, [12, 14]],
      [9, [13]],
    ]);
  });
});
