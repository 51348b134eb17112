import type { Question } from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { QuestionEditor } from './question-editor.tsx';

const STORED: Question = {
  id: 7,
  evaluation_id: 9,
  kind: 'single',
  prompt: 'Stored',
  format: 'plain',
  title: null,
  choices: [],
  options: [],
  answer_key: null,
  points: 1,
  position: 1,
  bank_question_id: null,
  draw_id: null,
};

/** The network: a save answers the question back; the body sent is read from the mock. */
function server(status = 201, answer: unknown = STORED) {
  return mockFetch((_url, init) =>
    init.method === 'POST' || init.method === 'PATCH'
      ? jsonResponse(status, answer)
      : jsonResponse(200, { data: [] }),
  );
}

function sent(fetch: ReturnType<typeof server>, method = 'POST') {
  const call = fetch.mock.calls.find(([, init]) => init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

function renderEditor(question?: Question) {
  const onDone = vi.fn();
  renderWithProviders(<QuestionEditor evaluationId={9} question={question} onDone={onDone} />);
  return onDone;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('the question editor', () => {
  it('creates a single choice whose half-credit choice sends weights (the server names the right one)', async () => {
    const fetch = server();
    const onDone = renderEditor();
    type('Énoncé', 'Capitale de la France ?');
    type('Choix 1', 'Paris');
    fireEvent.click(screen.getByRole('radio', { name: 'Juste (choix 1)' }));
    type('Choix 2', 'Lyon');
    type('Part des points du choix 2 (%)', '50');
    type('Commentaire du choix 2', 'Presque : c’est la deuxième ville.');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un choix' }));
    type('Choix 3', 'Nice');
    // What the others earn once a percentage is typed, from their marks.
    expect(screen.getByLabelText('Part des points du choix 1 (%)')).toHaveAttribute(
      'placeholder',
      '100',
    );
    expect(screen.getByLabelText('Part des points du choix 3 (%)')).toHaveAttribute(
      'placeholder',
      '0',
    );
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = sent(fetch);
    expect(body).toMatchObject({
      kind: 'single',
      prompt: 'Capitale de la France ?',
      format: 'plain',
      title: null,
      choices: ['Paris', 'Lyon', 'Nice'],
      options: [],
      points: 1,
      answer_key: {
        weights: [1, 0.5, 0],
        feedback: ['', 'Presque : c’est la deuxième ville.', ''],
      },
    });
    expect(body.answer_key).not.toHaveProperty('choices');
  });

  it('sends the marked choices of an all-or-nothing multiple choice, and no feedback when none is written', async () => {
    const fetch = server();
    const onDone = renderEditor();
    fireEvent.change(screen.getByLabelText('Type de question'), { target: { value: 'multiple' } });
    type('Énoncé', 'Nombres premiers ?');
    type('Choix 1', '2');
    type('Choix 2', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un choix' }));
    type('Choix 3', '5');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Juste (choix 1)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Juste (choix 3)' }));
    type('Commentaire général (facultatif)', 'Un nombre premier a deux diviseurs.');
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(fetch).answer_key).toEqual({
      choices: [0, 2],
      general: 'Un nombre premier a deux diviseurs.',
    });
  });

  it('refuses a single choice with no right answer, or a weight out of range, before sending anything', async () => {
    const fetch = server();
    renderEditor();
    type('Énoncé', 'Q ?');
    type('Choix 1', 'a');
    type('Choix 2', 'b');
    save();
    expect(await screen.findByText('Marquez la bonne réponse.')).toBeInTheDocument();

    type('Part des points du choix 2 (%)', '150');
    expect(await screen.findByText('Un pourcentage entre -100 et 100.')).toBeInTheDocument();
    expect(screen.getByLabelText('Part des points du choix 2 (%)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('reads accepted numbers written with a decimal comma and refuses one that is not a number', async () => {
    const fetch = server();
    const onDone = renderEditor();
    fireEvent.change(screen.getByLabelText('Type de question'), {
      target: { value: 'numerical' },
    });
    type('Énoncé', 'Pesanteur à Paris (m/s²) ?');
    type('Valeur 1', 'neuf');
    save();
    expect(await screen.findByText(/Écrivez un nombre, avec une virgule/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    type('Valeur 1', '9,81');
    type('Tolérance de la valeur 1', '0,01');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une valeur' }));
    type('Valeur 2', '10');
    type('Tolérance de la valeur 2', '0.5');
    type('Part des points de la valeur 2 (%)', '25');
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(fetch)).toMatchObject({
      kind: 'numerical',
      choices: [],
      answer_key: {
        numbers: [
          { value: 9.81, tolerance: 0.01 },
          { value: 10, tolerance: 0.5 },
        ],
        weights: [1, 0.25],
      },
    });
  });

  it('sends the accepted answers of a short answer with their weights, feedback and case', async () => {
    const fetch = server();
    const onDone = renderEditor();
    fireEvent.change(screen.getByLabelText('Type de question'), { target: { value: 'short' } });
    type('Énoncé', 'Qui a écrit Candide ?');
    type('Réponse acceptée 1', 'Voltaire');
    // Enter on the last answer opens the next line.
    fireEvent.keyDown(screen.getByLabelText('Réponse acceptée 1'), { key: 'Enter' });
    expect(screen.getByLabelText('Réponse acceptée 2')).toHaveFocus();
    type('Réponse acceptée 2', 'Arouet*');
    type('Part des points de la réponse 2 (%)', '50');
    type('Commentaire de la réponse 2', 'Son vrai nom, mais on attendait son nom de plume.');
    fireEvent.click(screen.getByLabelText('Tenir compte des majuscules et minuscules'));
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(fetch)).toMatchObject({
      kind: 'short',
      choices: [],
      answer_key: {
        accepted: ['Voltaire', 'Arouet*'],
        weights: [1, 0.5],
        case_sensitive: true,
        feedback: ['', 'Son vrai nom, mais on attendait son nom de plume.'],
      },
    });
  });

  it('builds a matching question from its rows: shared answers once, distractors after them', async () => {
    const fetch = server();
    const onDone = renderEditor();
    fireEvent.change(screen.getByLabelText('Type de question'), { target: { value: 'matching' } });
    type('Énoncé', 'Associez chaque animal à son cri.');
    type('Élément 1', 'Chat');
    type('Réponse de l’élément 1', 'Miaou');
    type('Élément 2', 'Chaton');
    type('Réponse de l’élément 2', 'Miaou');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une paire' }));
    type('Élément 3', 'Chien');
    type('Réponse de l’élément 3', 'Ouaf');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un leurre' }));
    type('Leurre 1', 'Ouaf');
    save();
    expect(await screen.findByText('Cette réponse est déjà proposée.')).toBeInTheDocument();

    type('Leurre 1', 'Coin');
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(fetch)).toMatchObject({
      kind: 'matching',
      choices: ['Chat', 'Chaton', 'Chien'],
      options: ['Miaou', 'Ouaf', 'Coin'],
      answer_key: { pairs: [0, 0, 1] },
    });
  });

  it('shows a stored matching question as its rows and sends it back unchanged', async () => {
    const matching: Question = {
      ...STORED,
      kind: 'matching',
      prompt: 'Cris',
      title: 'Animaux',
      // The answers in another order than the items, a distractor between them.
      choices: ['Chat', 'Chien'],
      options: ['Ouaf', 'Coin', 'Miaou'],
      answer_key: { pairs: [2, 0], general: 'Bravo' },
      points: 2,
    };
    const fetch = server(200, matching);
    const onDone = renderEditor(matching);
    expect(screen.getByLabelText('Titre (facultatif)')).toHaveValue('Animaux');
    expect(screen.getByLabelText('Élément 1')).toHaveValue('Chat');
    expect(screen.getByLabelText('Réponse de l’élément 1')).toHaveValue('Miaou');
    expect(screen.getByLabelText('Élément 2')).toHaveValue('Chien');
    expect(screen.getByLabelText('Réponse de l’élément 2')).toHaveValue('Ouaf');
    expect(screen.getByLabelText('Leurre 1')).toHaveValue('Coin');
    expect(screen.getByLabelText('Commentaire général (facultatif)')).toHaveValue('Bravo');
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = sent(fetch, 'PATCH');
    // The same question: every item still paired with its own answer.
    const pairsOf = (choices: string[], options: string[], pairs: number[]) =>
      choices.map((item, index) => `${item}→${options[pairs[index]!]}`);
    expect(pairsOf(body.choices, body.options, body.answer_key.pairs)).toEqual([
      'Chat→Miaou',
      'Chien→Ouaf',
    ]);
    expect([...body.options].sort()).toEqual(['Coin', 'Miaou', 'Ouaf']);
    expect(body).toMatchObject({ title: 'Animaux', points: 2, answer_key: { general: 'Bravo' } });
  });

  it('previews the question as the student will see it, as it is typed', () => {
    server();
    renderEditor();
    const preview = screen.getByRole('region', { name: /Aperçu/ });
    expect(within(preview).getByText(/Écrivez l’énoncé/)).toBeInTheDocument();
    type('Énoncé', 'Capitale de l’Italie ?');
    type('Choix 1', 'Rome');
    type('Choix 2', 'Milan');
    expect(within(preview).getByText('Capitale de l’Italie ?')).toBeInTheDocument();
    const rome = within(preview).getByRole('radio', { name: 'Rome' });
    fireEvent.click(rome);
    expect(rome).toBeChecked();

    // An HTML prompt shows as the student reads it, without what the server would remove.
    fireEvent.change(screen.getByLabelText('Format de l’énoncé'), { target: { value: 'html' } });
    type('Énoncé', '<p>La <strong>capitale</strong> ?</p><script>alert(1)</script>');
    expect(within(preview).getByText('capitale').tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();

    fireEvent.change(screen.getByLabelText('Type de question'), { target: { value: 'matching' } });
    type('Élément 1', 'Chat');
    type('Réponse de l’élément 1', 'Miaou');
    expect(within(preview).getByRole('combobox', { name: 'Chat' })).toBeInTheDocument();
    expect(within(preview).getByRole('option', { name: 'Miaou' })).toBeInTheDocument();
  });

  it('makes a description a text alone: no points, no key', async () => {
    const fetch = server();
    const onDone = renderEditor();
    fireEvent.change(screen.getByLabelText('Type de question'), {
      target: { value: 'description' },
    });
    expect(screen.queryByLabelText('Points')).toBeNull();
    expect(screen.queryByLabelText('Commentaire général (facultatif)')).toBeNull();
    type('Énoncé', 'Partie 2 : la géographie.');
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(fetch)).toMatchObject({
      kind: 'description',
      choices: [],
      options: [],
      answer_key: null,
      points: 0,
    });
  });

  it('puts the server’s refusal of the key under the rows it is about', async () => {
    server(422, {
      message: 'Certains champs sont invalides.',
      errors: { answer_key: ['Les poids doivent faire 100 %.'] },
    });
    const onDone = renderEditor();
    type('Énoncé', 'Q ?');
    type('Choix 1', 'a');
    type('Choix 2', 'b');
    fireEvent.click(screen.getByRole('radio', { name: 'Juste (choix 1)' }));
    save();
    const group = screen.getByRole('group', { name: 'Choix' });
    expect(await within(group).findByText('Les poids doivent faire 100 %.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('the rows of the question editor', () => {
  /** Enter pressed in a cell, which has the focus then. */
  const enter = (label: string) => {
    const input = screen.getByLabelText(label);
    input.focus();
    fireEvent.keyDown(input, { key: 'Enter' });
  };
  /** A click on a remove button, which has the focus then, as in a browser. */
  const remove = (name: string) => {
    const button = screen.getByRole('button', { name });
    button.focus();
    fireEvent.click(button);
  };
  /** The focus moves after the render (react-hook-form's setFocus waits a tick). */
  const focused = (label: string) =>
    waitFor(() => expect(screen.getByLabelText(label)).toHaveFocus());
  const kind = (value: string) =>
    fireEvent.change(screen.getByLabelText('Type de question'), { target: { value } });

  it('moves on with Enter from any cell of a choice, and opens a new choice after the last', async () => {
    server();
    renderEditor();
    // A row's main cell shows its own label as its placeholder.
    expect(screen.getByLabelText('Choix 1')).toHaveAttribute('placeholder', 'Choix 1');
    enter('Choix 1');
    await focused('Choix 2');
    enter('Part des points du choix 1 (%)');
    await focused('Choix 2');
    enter('Commentaire du choix 2');
    await focused('Choix 3');
    expect(screen.getByLabelText('Commentaire du choix 3')).toHaveAttribute(
      'placeholder',
      'Commentaire (facultatif)',
    );
    // A choice may take points back; a typed answer may not (below).
    expect(screen.getByLabelText('Part des points du choix 3 (%)')).toHaveAttribute('min', '-100');
    // No percentage typed: all or nothing, and the weights say nothing.
    expect(screen.getByLabelText('Part des points du choix 3 (%)')).toHaveAttribute(
      'placeholder',
      '',
    );
  });

  it('after a choice is removed, focuses the one now in its place, the last, or the prompt', async () => {
    server();
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un choix' }));
    type('Choix 1', 'a');
    type('Choix 2', 'b');
    type('Choix 3', 'c');
    remove('Retirer le choix 1');
    await focused('Choix 1');
    expect(screen.getByLabelText('Choix 1')).toHaveValue('b');
    remove('Retirer le choix 2');
    await focused('Choix 1');
    expect(screen.getByLabelText('Choix 1')).toHaveValue('b');
    remove('Retirer le choix 1');
    await focused('Énoncé');
    expect(screen.queryByLabelText('Choix 1')).toBeNull();
  });

  it('stops at twenty choices: no add button, no new row on Enter', async () => {
    server();
    renderEditor({
      ...STORED,
      choices: Array.from({ length: 20 }, (_, index) => `c${index + 1}`),
      answer_key: { choices: [0] },
    });
    expect(screen.getByRole('button', { name: 'Ajouter un choix' })).toBeDisabled();
    enter('Choix 20');
    expect(screen.queryByLabelText('Choix 21')).toBeNull();
  });

  it('moves through accepted answers with Enter, shows what each earns, and refocuses after a remove', async () => {
    server();
    renderEditor();
    kind('short');
    expect(screen.getByLabelText('Part des points de la réponse 1 (%)')).toHaveAttribute(
      'placeholder',
      '100',
    );
    expect(screen.getByLabelText('Part des points de la réponse 1 (%)')).toHaveAttribute(
      'min',
      '0',
    );
    enter('Commentaire de la réponse 1');
    await focused('Réponse acceptée 2');
    type('Part des points de la réponse 2 (%)', '40');
    expect(screen.getByLabelText('Part des points de la réponse 1 (%)')).toHaveAttribute(
      'placeholder',
      '100',
    );
    expect(screen.getByLabelText('Part des points de la réponse 2 (%)')).toHaveAttribute(
      'placeholder',
      '40',
    );
    enter('Part des points de la réponse 1 (%)');
    await focused('Réponse acceptée 2');
    remove('Retirer la réponse 2');
    await focused('Réponse acceptée 1');
    remove('Retirer la réponse 1');
    await focused('Énoncé');
    expect(screen.getByRole('button', { name: 'Ajouter une réponse' })).toBeEnabled();
  });

  it('puts a row’s errors under its own cells', async () => {
    server();
    renderEditor();
    kind('short');
    type('Énoncé', 'Q ?');
    type('Réponse acceptée 1', 'a');
    type('Part des points de la réponse 1 (%)', '-5');
    save();
    expect(await screen.findByText('Un pourcentage entre 0 et 100.')).toBeInTheDocument();
    expect(screen.getByLabelText('Part des points de la réponse 1 (%)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    kind('numerical');
    type('Valeur 1', '1');
    type('Tolérance de la valeur 1', '-1');
    expect(await screen.findByText(/Une tolérance est un nombre positif/)).toBeInTheDocument();
    expect(screen.getByLabelText('Tolérance de la valeur 1')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByLabelText('Valeur 1')).not.toHaveAttribute('aria-invalid');
  });

  it('moves through accepted numbers with Enter and refocuses their value after a remove', async () => {
    server();
    renderEditor();
    kind('numerical');
    expect(screen.getByLabelText('Valeur 1')).toHaveAttribute('placeholder', 'Valeur 1');
    expect(screen.getByLabelText('Tolérance de la valeur 1')).toHaveAttribute('placeholder', '± 0');
    expect(screen.getByLabelText('Part des points de la valeur 1 (%)')).toHaveAttribute(
      'placeholder',
      '100',
    );
    enter('Tolérance de la valeur 1');
    await focused('Valeur 2');
    enter('Valeur 1');
    await focused('Valeur 2');
    remove('Retirer la valeur 1');
    await focused('Valeur 1');
    remove('Retirer la valeur 1');
    await focused('Énoncé');
  });

  it('moves through pairs and distractors with Enter and refocuses after a remove', async () => {
    server();
    renderEditor();
    kind('matching');
    expect(screen.getByLabelText('Réponse de l’élément 1')).toHaveAttribute(
      'placeholder',
      'Réponse de l’élément 1',
    );
    enter('Élément 1');
    await focused('Réponse de l’élément 1');
    enter('Réponse de l’élément 1');
    await focused('Élément 2');
    enter('Réponse de l’élément 2');
    await focused('Élément 3');
    remove('Retirer la paire 3');
    await focused('Élément 2');
    remove('Retirer la paire 1');
    remove('Retirer la paire 1');
    await focused('Énoncé');

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un leurre' }));
    await focused('Leurre 1');
    expect(screen.getByLabelText('Leurre 1')).toHaveAttribute('placeholder', 'Leurre 1');
    enter('Leurre 1');
    await focused('Leurre 2');
    enter('Leurre 1');
    await focused('Leurre 2');
    remove('Retirer le leurre 1');
    await focused('Leurre 1');
    remove('Retirer le leurre 1');
    await focused('Commentaire général (facultatif)');
  });

  it('fixes only the key of a matching question students answered: its items and answers stay', async () => {
    const matching: Question = {
      ...STORED,
      kind: 'matching',
      prompt: 'Sounds',
      choices: ['Cat', 'Dog'],
      options: ['Woof', 'Quack', 'Meow'],
      answer_key: { pairs: [0, 2] },
      points: 2,
    };
    const fetch = server(200, matching);
    const onDone = vi.fn();
    renderWithProviders(
      <QuestionEditor evaluationId={9} question={matching} keyOnly onDone={onDone} />,
    );
    expect(screen.getByLabelText('Élément 1')).toHaveAttribute('readonly');
    expect(screen.queryByText('Réponses en plus (leurres)')).toBeNull();
    type('Réponse de l’élément 1', 'Moo');
    save();
    expect(
      await screen.findByText('Choisissez l’une des réponses proposées aux étudiants.'),
    ).toBeInTheDocument();
    expect(sent(fetch, 'PATCH')).toBeUndefined();
    // Cat meows and Dog woofs: the stored answers keep their places, distractor included.
    type('Réponse de l’élément 1', 'Meow');
    type('Réponse de l’élément 2', 'Woof');
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(fetch, 'PATCH')).toEqual({ title: null, points: 2, answer_key: { pairs: [2, 0] } });
  });
});
