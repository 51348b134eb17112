import { type ComponentProps, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type TextFieldProps = ComponentProps<'input'> & { label: string; error?: FieldError };

/**
 * A labelled input with its error. Client (zod) messages are catalogue keys; errors set with
 * `type: 'server'` carry the API's already translated text.
 */
export function TextField({ label, error, id, className, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const message = error?.message && (error.type === 'server' ? error.message : t(error.message));
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <input
        id={inputId}
        className="field__input"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        {...input}
      />
      {message && (
        <p id={errorId} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}
