import type { PublicSeminar } from '@skolar/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SeminarsBlock } from './seminars-block.tsx';

const SEMINAR: PublicSeminar = {
  id: 4,
  title: 'Cycle de conférences',
  description:
    'Des professionnels racontent leur métier, leur parcours et répondent aux questions.',
  promotion_name: 'L3',
  nb_episodes: 3,
  syllabus_link: '/api/files/9',
  next_episode_at: '2026-11-25T17:00:00.000Z',
  institution: {
    id: 1,
    name: 'Université Lumière',
    diminutive: 'ULC',
    kind: 'university',
    color_code: '#1F5F8B',
    logo_link: null,
    url: 'https://ulc.example',
  },
};

describe('the public seminars block', () => {
  it('shows a card per public seminar: institution, episodes, cut description, syllabus', async () => {
    const fetch = mockFetch(() => jsonResponse(200, [SEMINAR]));
    renderWithProviders(<SeminarsBlock />);
    expect(await screen.findByRole('heading', { name: 'Cycle de conférences' })).toBeVisible();
    expect(fetch).toHaveBeenCalledWith('/api/event/seminar', expect.anything());
    expect(screen.getByText('Université Lumière')).toBeInTheDocument();
    expect(screen.getByText(/3 épisodes/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Des professionnels racontent leur métier, leur parcours et répondent aux ...',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Syllabus/ })).toHaveAttribute('href', '/api/files/9');
  });
});
