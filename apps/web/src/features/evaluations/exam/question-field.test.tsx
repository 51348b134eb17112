import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QuestionField } from './question-field.tsx';

describe('a numerical question in an attempt', () => {
  it('is a labelled field that opens a phone’s number pad and sends what is typed as text', () => {
    const onChange = vi.fn();
    render(
      <QuestionField
        question={{ id: 3, kind: 'numerical', prompt: 'Pesanteur ?', choices: [], points: 2 }}
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
