import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QuestionField } from './question-field.tsx';

describe('a numerical question in an attempt', () => {
  it('is a labelled field that opens a phone’s number pad and sends what is typed as text', () => {
    const onChange = vi.fn();
    render(
      <QuestionField
        question={{
          id: 3,
          kind: 'numerical',
          prompt: 'Pesanteur ?',
          format: 'plain',
          choices: [],
          options: [],
          points: 2,
        }}
        number={1}
        value={{}}
        onChange={onChange}
      />,
    );
    const field = screen.getByLabelText(/Pesanteur/);
    expect(field).toHaveAttribute('inputmode', 'decimal');
    fireEvent.change(field, { target: { value: '9,81' } });
    expect(onChange).toHaveBeenCalledWith({ text: '9,81' });
  });
});

describe('the other kinds of question in an attempt', () => {
  const base = { id: 5, format: 'plain' as const, choices: [], options: [], points: 3 };

  it('asks a matching question as one labelled list of answers per item, sending the pairs', () => {
    const onChange = vi.fn();
    render(
      <QuestionField
        question={{
          ...base,
          kind: 'matching',
          prompt: 'Capitales',
          choices: [
            { index: 0, label: 'Paris' },
            { index: 1, label: 'Berlin' },
          ],
          options: [
            { index: 1, label: 'Allemagne' },
            { index: 2, label: 'Espagne' },
            { index: 0, label: 'France' },
          ],
        }}
        number={2}
        value={{ pairs: [0, null] }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('group', { name: /Capitales/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Paris')).toHaveValue('0');
    fireEvent.change(screen.getByLabelText('Berlin'), { target: { value: '1' } });
    expect(onChange).toHaveBeenCalledWith({ pairs: [0, 1] });
  });

  it('shows a missing word’s blank inside its sentence and HTML prompts as rich text', () => {
    const { container } = render(
      <>
        <QuestionField
          question={{
            ...base,
            kind: 'single',
            prompt: 'Moodle coûte _____ au téléchargement.',
            choices: [
              { index: 0, label: 'rien' },
              { index: 1, label: '10 €' },
            ],
          }}
          number={1}
          value={{}}
          onChange={vi.fn()}
        />
        <QuestionField
          question={{
            ...base,
            kind: 'description',
            format: 'html',
            prompt: '<p><b>Partie 2</b></p>',
          }}
          number={null}
          value={{}}
          onChange={vi.fn()}
        />
      </>,
    );
    expect(screen.getByRole('img', { name: 'vide à compléter' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Moodle coûte/ })).toBeInTheDocument();
    expect(container.querySelector('b')?.textContent).toBe('Partie 2');
    // A description is text alone: no field, no number.
    expect(screen.queryByText(/Question 2/)).toBeNull();
  });
});
