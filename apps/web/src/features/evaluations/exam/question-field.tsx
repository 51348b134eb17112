import type { AttemptView } from '@skolar/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type AttemptQuestion = AttemptView['questions'][number];
type Value = { choices?: number[]; text?: string };

/**
 * One question as an accessible control: a radio group (single) or a checkbox group (multiple)
 * in a fieldset whose legend is the prompt, or a labelled text field (short, numerical, long). Choices name
 * their original index, whatever order they are shown in.
 */
export function QuestionField({
  question,
  number,
  value,
  disabled,
  onChange,
}: {
  question: AttemptQuestion;
  number: number;
  value: Value;
  disabled?: boolean;
  onChange: (value: Value) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const heading = (
    <>
      <span className="exam-question__number">{t('exams.run.questionNumber', { number })}</span>{' '}
      {question.prompt}{' '}
      <span className="exam-question__points">{t('exams.points', { count: question.points })}</span>
    </>
  );
  if (question.kind === 'short' || question.kind === 'numerical' || question.kind === 'long') {
    return (
      <div className="field">
        <label htmlFor={id} className="field__label">
          {heading}
        </label>
        {question.kind !== 'long' ? (
          <input
            id={id}
            className="field__input"
            value={value.text ?? ''}
            disabled={disabled}
            maxLength={500}
            // A phone shows its number pad for a number (a decimal point or comma both count).
            inputMode={question.kind === 'numerical' ? 'decimal' : undefined}
            onChange={(event) => onChange({ text: event.target.value })}
          />
        ) : (
          <textarea
            id={id}
            className="field__input"
            rows={6}
            value={value.text ?? ''}
            disabled={disabled}
            onChange={(event) => onChange({ text: event.target.value })}
          />
        )}
      </div>
    );
  }
  const chosen = new Set(value.choices ?? []);
  const single = question.kind === 'single';
  return (
    <fieldset className="exam-choices" disabled={disabled}>
      <legend>{heading}</legend>
      {single ? null : <p className="exam-choices__hint">{t('exams.run.severalAnswers')}</p>}
      {question.choices.map((choice) => (
        <label key={choice.index} className="exam-choice">
          <input
            type={single ? 'radio' : 'checkbox'}
            name={`${id}-choice`}
            checked={chosen.has(choice.index)}
            onChange={(event) => {
              if (single) return onChange({ choices: [choice.index] });
              const next = new Set(chosen);
              if (event.target.checked) next.add(choice.index);
              else next.delete(choice.index);
              onChange({ choices: [...next].sort((a, b) => a - b) });
            }}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
