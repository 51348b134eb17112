import type { BankQuestion, Evaluation, Question } from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { QuestionBankPage } from './question-bank-page.tsx';
import { ExamStaffPanels } from './staff-panels.tsx';

const PI: BankQuestion = {
  id: 31,
  subject_id: 4,
  family_id: 30,
  version: 2,
  category: 'Géométrie/Cercles',
  tags: ['calcul'],
  kind: 'numerical',
  prompt: 'Une valeur de pi ?',
  format: 'plain',
  title: 'Pi',
  choices: [],
  options: [],
  answer_key: { numbers: [{ value: 9.81, tolerance: 0.01 }] },
  points: 2,
  used_in: 1,
  taken: true,
  replaced_at: null,
  archived_at: null,
  updated_at: '2026-11-20T10:00:00.000Z',
};
const RAYON: BankQuestion = {
  ...PI,
  id: 32,
  family_id: 32,
  version: 1,
  tags: [],
  kind: 'short',
  title: 'Rayon',
  prompt: 'Le diamètre vaut deux fois le…',
  answer_key: { accepted: ['rayon'] },
  used_in: 0,
  taken: false,
};
const BANK = {
  data: [PI, RAYON],
  meta: { page: 1, per_page: 25, total: 2 },
  categories: [
    { name: 'Géométrie/Cercles', count: 2 },
    { name: 'Géométrie/Triangles', count: 4 },
  ],
  tags: ['calcul'],
};

function renderBank() {
  const router = createMemoryRouter(
    [{ path: '/question-bank/:subjectId', element: <QuestionBankPage /> }],
    { initialEntries: ['/question-bank/4'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('a subject’s question bank', () => {
  it('lists the questions with their category, tags and version, and filters by category', async () => {
    const fetch = mockFetch((url) =>
      url.includes('/bank-questions')
        ? jsonResponse(200, BANK)
        : jsonResponse(200, { id: 4, name: 'Mathématiques' }),
    );
    renderBank();
    expect(
      await screen.findByRole('heading', { name: 'Banque de questions : Mathématiques' }),
    ).toBeInTheDocument();
    const pi = (await screen.findByText('Une valeur de pi ?')).closest('li')!;
    expect(within(pi).getByText(/Géométrie\/Cercles · Version 2 · dans 1 examen/)).toBeVisible();
    expect(within(pi).getByText('calcul')).toBeVisible();
    // The bank's file, for the category chosen.
    expect(screen.getByRole('link', { name: 'Exporter en GIFT' })).toHaveAttribute(
      'href',
      '/api/subjects/4/bank-questions/export?format=gift',
    );
    expect(
      within(pi).getByText(/une modification est enregistrée comme nouvelle version/),
    ).toBeVisible();
    fireEvent.change(screen.getByLabelText('Catégorie'), {
      target: { value: 'Géométrie/Triangles' },
    });
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url]) =>
          String(url).includes(`category=${encodeURIComponent('Géométrie/Triangles')}`),
        ),
      ).toBe(true),
    );
  });

  it('saves an edit with the category and tags typed beside the question', async () => {
    const fetch = mockFetch((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse(200, { ...RAYON, category: 'Cercles' })
        : url.includes('/bank-questions')
          ? jsonResponse(200, BANK)
          : jsonResponse(200, { id: 4, name: 'Mathématiques' }),
    );
    renderBank();
    const rayon = (await screen.findByText('Le diamètre vaut deux fois le…')).closest('li')!;
    fireEvent.click(within(rayon).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Catégorie'), { target: { value: 'Cercles' } });
    fireEvent.change(within(dialog).getByLabelText('Mots-clés'), {
      target: { value: 'vocabulaire, cercle' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [url, init] = fetch.mock.calls.find(([, call]) => call?.method === 'PATCH')!;
    expect(String(url)).toContain('/api/bank-questions/32');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      kind: 'short',
      category: 'Cercles',
      tags: ['vocabulaire', 'cercle'],
      answer_key: { accepted: ['rayon'] },
    });
  });
});

const FIXED = (id: number, prompt: string, position: number): Question => ({
  id,
  evaluation_id: 9,
  kind: 'long',
  prompt,
  format: 'plain',
  title: null,
  choices: [],
  options: [],
  answer_key: null,
  points: 2,
  position,
  bank_question_id: null,
  draw_id: null,
});

function renderPanels() {
  const evaluation = {
    id: 9,
    type: 'exam',
    time_zone: 'Europe/Paris',
    subject: { id: 4, name: 'Mathématiques' },
  } as Evaluation;
  const router = createMemoryRouter(
    [{ path: '/', element: <ExamStaffPanels evaluation={evaluation} /> }],
    { initialEntries: ['/'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('an exam built from the bank', () => {
  const quiz = {
    data: [
      FIXED(1, 'Première', 1),
      {
        ...FIXED(5, 'Tirée', 2),
        draw_id: 7,
        kind: 'short' as const,
        answer_key: { accepted: ['x'] },
      },
      FIXED(2, 'Dernière', 3),
    ],
    draws: [{ id: 7, category: 'Géométrie', count: 1, points: 2, position: 2, pool: 3 }],
  };

  it('shows a draw in its place and moves it with the keyboard’s buttons, saving the whole order', async () => {
    const fetch = mockFetch((url, init) =>
      init.method === 'PUT'
        ? jsonResponse(200, quiz)
        : jsonResponse(200, url.includes('/questions') ? quiz : { data: [] }),
    );
    renderPanels();
    expect(
      await screen.findByText('1 question tirée au sort dans Géométrie (parmi 3), 2 pt chacune'),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Monter Tirage au sort' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, call]) => call?.method === 'PUT')).toBe(true),
    );
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      items: [
        { type: 'draw', id: 7 },
        { type: 'question', id: 1 },
        { type: 'question', id: 2 },
      ],
    });
  });

  it('copies the ticked bank questions, and adds a draw with its count and points', async () => {
    const fetch = mockFetch((url, init) =>
      init.method === 'POST'
        ? jsonResponse(200, quiz)
        : url.includes('/bank-questions')
          ? jsonResponse(200, BANK)
          : jsonResponse(200, url.includes('/questions') ? quiz : { data: [] }),
    );
    renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter depuis la banque' }));
    const picker = await screen.findByRole('dialog');
    fireEvent.click(await within(picker).findByRole('checkbox', { name: /Rayon/ }));
    fireEvent.click(within(picker).getByRole('checkbox', { name: /Pi/ }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Ajouter 2 questions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const copied = fetch.mock.calls.find(([url]) => String(url).includes('/from-bank'))!;
    expect(JSON.parse(String(copied[1]?.body))).toEqual({ bank_question_ids: [32, 31] });

    fireEvent.click(screen.getByRole('button', { name: 'Tirage au sort' }));
    const form = await screen.findByRole('dialog');
    fireEvent.change(await within(form).findByLabelText('Catégorie'), {
      target: { value: 'Géométrie/Triangles' },
    });
    fireEvent.change(within(form).getByLabelText('Questions par étudiant'), {
      target: { value: '3' },
    });
    fireEvent.change(within(form).getByLabelText('Points par question'), {
      target: { value: '1.5' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter le tirage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const drawn = fetch.mock.calls.find(([url]) => String(url).includes('/draws'))!;
    expect(JSON.parse(String(drawn[1]?.body))).toEqual({
      category: 'Géométrie/Triangles',
      count: 3,
      points: 1.5,
    });
  });
});
