import { type ComponentProps, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

function useFieldMessage(error: FieldError | undefined) {
  const { t } = useTranslation();
  return error?.message && (error.type === 'server' ? error.message : t(error.message));
}

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: FieldError;
  options: { value: string; label: string }[];
  placeholder?: string;
};

/** A labelled select with its error (same look and messages as TextField). */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  id,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const message = useFieldMessage(error);
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <select
        id={inputId}
        className="field__input"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${inputId}-error` : undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {message && (
        <p id={`${inputId}-error`} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}

type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  error?: FieldError;
  hint?: string;
};

/** A labelled textarea with an optional hint and its error. */
export function TextAreaField({ label, error, hint, id, ...area }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const message = useFieldMessage(error);
  const described = [hint ? `${inputId}-hint` : '', message ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <textarea
        id={inputId}
        className="field__input manage-textarea"
        aria-invalid={message ? true : undefined}
        aria-describedby={described || undefined}
        {...area}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="manage-hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${inputId}-error`} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}
