import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { QuizTrial } from './quiz-trial.tsx';

const base = {
  evaluation_id: 7,
  format: 'plain' as const,
  title: null,
  options: [],
  position: 1,
  bank_question_id: null,
  draw_id: null,
};

describe('answering one’s own quiz as a student', () => {
  it('sends the answers given, then shows each question’s points and feedback and the score', async () => {
    const sent: unknown[] = [];
    mockFetch((_url, init) => {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(200, {
        score: 2,
        max_points: 3,
        review: [
          { question_id: 1, points_awarded: 2, feedback: ['Oui.'], general: null },
          { question_id: 2, points_awarded: 0, feedback: [], general: 'Relisez le cours.' },
        ],
      });
    });
    renderWithProviders(
      <QuizTrial
        evaluationId={7}
        questions={[
          {
            ...base,
            id: 1,
            kind: 'single',
            prompt: 'Complexité ?',
            choices: ['O(1)', 'O(log n)'],
            answer_key: { choices: [1] },
            points: 2,
          },
          {
            ...base,
            id: 2,
            kind: 'short',
            prompt: 'Notation ?',
            choices: [],
            answer_key: { accepted: ['grand O'] },
            points: 1,
          },
        ]}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('O(log n)'));
    await user.click(screen.getByRole('button', { name: 'Noter mes réponses' }));
    expect(await screen.findByText('Score : 2 / 3 points')).toBeInTheDocument();
    expect(sent).toEqual([
      { answers: [{ question_id: 1, value: { choices: [1] } }], question_ids: [1, 2] },
    ]);
    expect(screen.getByText('2 / 2 points')).toBeInTheDocument();
    expect(screen.getByText('Oui.')).toBeInTheDocument();
    expect(screen.getByText(/Relisez le cours/)).toBeInTheDocument();
    // The answers are final until the teacher starts again.
    expect(screen.getByLabelText('O(log n)')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Recommencer' }));
    expect(screen.getByLabelText('O(log n)')).not.toBeChecked();
  });

  it('gives the trial, like an attempt, the count of each draw’s pool, and sends those it showed', async () => {
    const sent: Array<{ question_ids: number[] }> = [];
    mockFetch((_url, init) => {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { score: 0, max_points: 2, review: [] });
    });
    const pool = [11, 12, 13].map((id) => ({
      ...base,
      id,
      kind: 'short' as const,
      prompt: `Tirée ${id} ?`,
      choices: [],
      answer_key: { accepted: ['x'] },
      points: 1,
      draw_id: 5,
    }));
    renderWithProviders(
      <QuizTrial evaluationId={7} questions={pool} draws={[{ id: 5, count: 2 }]} />,
    );
    expect(screen.getAllByText(/^Tirée \d+ \?$/)).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Noter mes réponses' }));
    await screen.findByText('Score : 0 / 2 points');
    expect(sent[0]!.question_ids).toHaveLength(2);
  });
});
