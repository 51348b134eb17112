import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { QuizStatisticsPanel } from './quiz-statistics.tsx';

const row = {
  title: null,
  format: 'plain',
  kind: 'single',
  points: 1,
  sd: 0.5,
  awaiting: 0,
  responses: [],
};

describe('the quiz’s statistics', () => {
  it('shows the test’s figures, each question’s, and flags the one to check in words', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        attempts: 4,
        max_points: 3,
        mean: 1.5,
        median: 1.5,
        sd: 1.29,
        alpha: 0.75,
        questions: [
          {
            ...row,
            question_id: 1,
            number: 1,
            prompt: 'Complexité ?',
            facility: 0.75,
            discrimination: 0.5222,
            flags: [],
            responses: [
              { label: 'O(log n)', count: 3, credit: true },
              { label: 'O(n)', count: 1, credit: false },
            ],
          },
          {
            ...row,
            question_id: 2,
            number: 2,
            prompt: 'Clé fausse ?',
            facility: 0.25,
            discrimination: -0.5,
            flags: ['negative'],
          },
        ],
      }),
    );
    renderWithProviders(<QuizStatisticsPanel evaluationId={9} />);
    expect(await screen.findByText('1,5 / 3 (50 %)')).toBeInTheDocument();
    expect(
      screen.getByText('Cohérence interne (alpha de Cronbach)').nextElementSibling,
    ).toHaveTextContent('75 %');
    const table = screen.getByRole('table', { name: 'Indices par question' });
    const second = within(table).getByRole('row', { name: /Clé fausse/ });
    expect(second).toHaveTextContent('Discrimination négative : vérifiez le corrigé');
    expect(second).toHaveTextContent('-50 %');
    await userEvent.setup().click(screen.getByText('Réponses données'));
    expect(screen.getByText('3 fois (75 %) · rapporte des points')).toBeInTheDocument();
  });

  it('says the statistics come with the first hand-ins', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        attempts: 0,
        max_points: 3,
        mean: null,
        median: null,
        sd: null,
        alpha: null,
        questions: [],
      }),
    );
    renderWithProviders(<QuizStatisticsPanel evaluationId={9} />);
    expect(await screen.findByText(/Aucune copie rendue/)).toBeInTheDocument();
  });
});
