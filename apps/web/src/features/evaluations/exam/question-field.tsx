import type { AttemptView } from '@skolar/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionPrompt } from './question-prompt.tsx';

type AttemptQuestion = AttemptView['questions'][number];
type Value = AttemptView['answers'][number]['value'];

/**
 * One question as an accessible control, named by its number, its points and its prompt (which
 * may be rich text, so it stands above the control rather than inside a label): a radio group
 * (single) or a checkbox group (multiple), a labelled text field (short, numerical, long), or one
 * list of answers per item (matching). A description is its text alone. Choices and answers name
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
  /** Its number among the questions (a description has none). */
  number: number | null;
  value: Value;
  disabled?: boolean;
  onChange: (value: Value) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const headId = `${id}-head`;
  const promptId = `${id}-prompt`;
  const prompt = <QuestionPrompt prompt={question.prompt} format={question.format} id={promptId} />;
  if (question.kind === 'description') return prompt;
  const named = `${headId} ${promptId}`;
  const head = (
    <p id={headId} className="exam-question__head">
      <span className="exam-question__number">{t('exams.run.questionNumber', { number })}</span>{' '}
      <span className="exam-question__points">{t('exams.points', { count: question.points })}</span>
    </p>
  );
  if (question.kind === 'short' || question.kind === 'numerical' || question.kind === 'long') {
    return (
      <div className="field">
        {head}
        {prompt}
        {question.kind !== 'long' ? (
          <input
            id={id}
            aria-labelledby={named}
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
            aria-labelledby={named}
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
  if (question.kind === 'matching') {
    const pairs = question.choices.map((_, item) => value.pairs?.[item] ?? null);
    return (
      <fieldset className="exam-choices" aria-labelledby={named} disabled={disabled}>
        {head}
        {prompt}
        <p className="exam-choices__hint">{t('exams.run.matchHint')}</p>
        {question.choices.map((item) => (
          <div key={item.index} className="exam-match">
            <label htmlFor={`${id}-item-${item.index}`} className="exam-match__item">
              {item.label}
            </label>
            <select
              id={`${id}-item-${item.index}`}
              className="field__input exam-match__answer"
              value={pairs[item.index] ?? ''}
              onChange={(event) => {
                const next = [...pairs];
                next[item.index] = event.target.value === '' ? null : Number(event.target.value);
                onChange({ pairs: next });
              }}
            >
              <option value="">{t('exams.run.matchNone')}</option>
              {question.options.map((option) => (
                <option key={option.index} value={option.index}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
    );
  }
  const chosen = new Set(value.choices ?? []);
  const single = question.kind === 'single';
  return (
    <fieldset className="exam-choices" aria-labelledby={named} disabled={disabled}>
      {head}
      {prompt}
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
