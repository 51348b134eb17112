import type { Evaluation, Question } from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamStaffPanels } from './staff-panels.tsx';

/** A question imported from GIFT `{=full credit ~%50%half credit#Close ~wrong}####Think}`. */
const WEIGHTED: Question = {
  id: 5,
  evaluation_id: 9,
  kind: 'single',
  prompt: 'Half',
  format: 'plain',
  title: 'Partial',
  choices: ['full credit', 'half credit', 'wrong'],
  options: [],
  answer_key: {
    choices: [0],
    weights: [1, 0.5, 0],
    feedback: ['', 'Close', ''],
    general: 'Think',
  },
  points: 2,
  position: 1,
  bank_question_id: null,
  draw_id: null,
};

/** A text between the questions, then a matching question with a distractor. */
const INTRO: Question = {
  ...WEIGHTED,
  id: 6,
  kind: 'description',
  prompt: 'Part two',
  title: null,
  choices: [],
  answer_key: null,
  points: 0,
  position: 2,
  bank_question_id: null,
  draw_id: null,
};
const MATCHING: Question = {
  ...WEIGHTED,
  id: 7,
  kind: 'matching',
  prompt: 'Sounds',
  title: null,
  choices: ['Cat', 'Dog'],
  options: ['Woof', 'Quack', 'Meow'],
  answer_key: { pairs: [2, 0] },
  position: 3,
  bank_question_id: null,
  draw_id: null,
};

/** The roster of an exam one student has started. */
const STARTED = [
  {
    student: { id: 3, first_name: 'Jade', last_name: 'Faure', email: 'j@x.test' },
    extra_minutes: 0,
    attempt: {
      id: 1,
      started_at: '2026-11-27T09:00:00.000Z',
      deadline_at: '2026-11-27T10:30:00.000Z',
      finished_at: null,
      finished_by: null,
      score: null,
      answered: 1,
    },
  },
];

function renderPanels() {
  const evaluation = {
    id: 9,
    type: 'exam',
    time_zone: 'Europe/Paris',
    subject: { id: 4, name: 'Histoire' },
  } as Evaluation;
  const router = createMemoryRouter(
    [{ path: '/', element: <ExamStaffPanels evaluation={evaluation} /> }],
    { initialEntries: ['/'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('the questions of an exam, for its staff', () => {
  it('shows each question with its key: what each choice earns, feedback, pairs and distractors', async () => {
    mockFetch((url) =>
      jsonResponse(200, { data: url.includes('/questions') ? [WEIGHTED, INTRO, MATCHING] : [] }),
    );
    renderPanels();
    const item = (await screen.findByText('Half')).closest('li')!;
    expect(within(item).getByText('Partial')).toBeInTheDocument();
    expect(within(item).getByText(/half credit \(50\s?% des points\)/)).toBeInTheDocument();
    expect(within(item).getByText(/wrong \(0\s?% des points\)/)).toBeInTheDocument();
    expect(within(item).getByText('Commentaire : Close')).toBeInTheDocument();
    expect(within(item).getByText('Commentaire général : Think')).toBeInTheDocument();

    // A description has no number: the matching question after it is the second one.
    const intro = screen.getByText('Part two').closest('li')!;
    expect(within(intro).queryByText(/^Question/)).toBeNull();
    const matching = screen.getByText('Sounds').closest('li')!;
    expect(within(matching).getByText('Question 2.')).toBeInTheDocument();
    expect(within(matching).getByText('Cat → Meow')).toBeInTheDocument();
    expect(within(matching).getByText('Dog → Woof')).toBeInTheDocument();
    expect(within(matching).getByText('Leurres : Quack')).toBeInTheDocument();
  });

  it('edits an imported partial-credit question with its weights shown, and keeps them through an edit of the prompt', async () => {
    const fetch = mockFetch((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse(200, { ...WEIGHTED, prompt: 'Half, again' })
        : jsonResponse(200, { data: url.includes('/questions') ? [WEIGHTED] : [] }),
    );
    renderPanels();
    const item = (await screen.findByText('Half')).closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    const weight = (n: number) =>
      within(dialog).getByLabelText(`Part des points du choix ${n} (%)`);
    expect(weight(1)).toHaveValue(100);
    expect(weight(2)).toHaveValue(50);
    expect(weight(3)).toHaveValue(0);
    expect(within(dialog).getByRole('radio', { name: 'Juste (choix 1)' })).toBeChecked();
    expect(within(dialog).getByLabelText('Commentaire du choix 2')).toHaveValue('Close');

    fireEvent.change(within(dialog).getByLabelText('Énoncé'), {
      target: { value: 'Half, again' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'PATCH')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      prompt: 'Half, again',
      title: 'Partial',
      choices: ['full credit', 'half credit', 'wrong'],
      answer_key: { weights: [1, 0.5, 0], feedback: ['', 'Close', ''], general: 'Think' },
    });
  });

  it('adds a question from the panel and closes its dialog once saved', async () => {
    const fetch = mockFetch((_url, init) =>
      init.method === 'POST'
        ? jsonResponse(201, { ...WEIGHTED, id: 8, kind: 'long' })
        : jsonResponse(200, { data: [] }),
    );
    renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une question' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Type de question'), {
      target: { value: 'long' },
    });
    fireEvent.change(within(dialog).getByLabelText('Énoncé'), {
      target: { value: 'Racontez la Révolution.' },
    });
    fireEvent.change(within(dialog).getByLabelText('Points'), { target: { value: '4.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      kind: 'long',
      prompt: 'Racontez la Révolution.',
      format: 'plain',
      title: null,
      choices: [],
      options: [],
      answer_key: null,
      points: 4.5,
    });
  });

  it('offers only the fix of a key once a student has started, and says why', async () => {
    mockFetch((url) => {
      if (url.includes('/questions')) return jsonResponse(200, { data: [WEIGHTED, INTRO] });
      if (url.includes('/attempts')) return jsonResponse(200, { data: STARTED });
      return jsonResponse(200, { data: [] });
    });
    renderPanels();
    expect(
      await screen.findByText(
        /Des étudiants ont commencé ce quiz : ses questions ne peuvent plus changer, sauf leur corrigé/,
      ),
    ).toBeInTheDocument();
    const item = screen.getByText('Half').closest('li')!;
    expect(within(item).queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Supprimer' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Rectifier le corrigé' })).toBeInTheDocument();
    // A description has no key to fix.
    const intro = screen.getByText('Part two').closest('li')!;
    expect(within(intro).queryByRole('button', { name: 'Rectifier le corrigé' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter une question' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importer des questions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Exporter en GIFT' })).toBeInTheDocument();
  });

  it('fixes the key of a started quiz: the choices stay, only the key, points and title are sent', async () => {
    const simple: Question = {
      ...WEIGHTED,
      id: 8,
      prompt: 'Capital letter?',
      title: null,
      choices: ['a', 'b'],
      answer_key: { choices: [1] },
      points: 2,
    };
    const fetch = mockFetch((url, init) => {
      if (init.method === 'PATCH') return jsonResponse(200, simple);
      if (url.includes('/questions')) return jsonResponse(200, { data: [simple] });
      if (url.includes('/attempts')) return jsonResponse(200, { data: STARTED });
      return jsonResponse(200, { data: [] });
    });
    renderPanels();
    const item = (await screen.findByText('Capital letter?')).closest('li')!;
    fireEvent.click(await within(item).findByRole('button', { name: 'Rectifier le corrigé' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/seuls son corrigé/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Énoncé')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Type de question')).toBeDisabled();
    expect(within(dialog).getByLabelText('Choix 1')).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: /Ajouter un choix/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Retirer le choix/ })).toBeNull();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Juste (choix 1)' }));
    fireEvent.change(within(dialog).getByLabelText('Points'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'PATCH')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      title: null,
      points: 3,
      answer_key: { choices: [0] },
    });
  });

  it('regrades the handed-in attempts: a dry run shows what would change, then Apply runs it', async () => {
    const line = {
      student: { id: 3, first_name: 'Jade', last_name: 'Faure' },
      suggestion_before: 12.5,
      suggestion_after: 17.5,
    };
    const preview = (dryRun: boolean) => ({
      dry_run: dryRun,
      max_points: 8,
      scale: 20,
      attempts: [
        {
          ...line,
          attempt_id: 1,
          score_before: 5,
          score_after: 7,
          grade_before: 12.5,
          grade_after: 17.5,
          grade_changed: true,
          to_review: false,
        },
        {
          attempt_id: 2,
          student: { id: 4, first_name: 'Léo', last_name: 'Martin' },
          score_before: 2,
          score_after: 0,
          suggestion_before: 5,
          suggestion_after: 0,
          grade_before: 9,
          grade_after: 9,
          grade_changed: false,
          to_review: true,
        },
      ],
      counts: { attempts: 2, rescored: 2, grades_changed: 1, to_review: 1, open: 1 },
    });
    const regrades: boolean[] = [];
    mockFetch((url, init) => {
      if (url.includes('/regrade')) {
        const dryRun = JSON.parse(String(init.body)).dry_run as boolean;
        regrades.push(dryRun);
        return jsonResponse(200, preview(dryRun));
      }
      if (url.includes('/questions')) return jsonResponse(200, { data: [WEIGHTED] });
      if (url.includes('/attempts')) return jsonResponse(200, { data: STARTED });
      return jsonResponse(200, { data: [] });
    });
    renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: 'Recorriger les copies' }));
    const dialog = await screen.findByRole('dialog');
    const table = await within(dialog).findByRole('table', {
      name: 'Copies rendues, avant et après',
    });
    expect(regrades).toEqual([true]);
    const jade = within(table).getByRole('row', { name: /Jade Faure/ });
    expect(within(jade).getByText('5 → 7')).toBeInTheDocument();
    expect(within(jade).getByText('12,5 → 17,5')).toBeInTheDocument();
    expect(within(jade).getByText('Note mise à jour')).toBeInTheDocument();
    const leo = within(table).getByRole('row', { name: /Léo Martin/ });
    expect(within(leo).getByText('2 → 0')).toBeInTheDocument();
    expect(within(leo).getByText('9')).toBeInTheDocument();
    expect(within(leo).getByText('À revoir : le quiz suggère maintenant 0')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '2 copies changent de score · 1 note suit le quiz et sera mise à jour · 1 note saisie à la main est à revoir',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/1 copie encore ouverte/)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(regrades).toEqual([true, false]);
  });
});
