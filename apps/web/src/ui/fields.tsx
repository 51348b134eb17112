import { type ComponentProps, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import './fields.css';

/**
 * The message under a field. Client (zod) messages are catalogue keys; errors set with
 * `type: 'server'` carry the API's already translated text.
 */
function useFieldMessage(error: FieldError | undefined) {
  const { t } = useTranslation();
  return error?.message && (error.type === 'server' ? error.message : t(error.message));
}

/** The id of a control and the ids that describe it (its hint, its error). */
function useFieldIds(id: string | undefined, hint: boolean, message: unknown) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy =
    [hint ? `${inputId}-hint` : '', message ? `${inputId}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  return { inputId, describedBy };
}

function FieldFooter({
  inputId,
  hint,
  message,
}: {
  inputId: string;
  hint?: string;
  message?: string | false;
}) {
  return (
    <>
      {hint && (
        <p id={`${inputId}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${inputId}-error`} className="field__error">
          {message}
        </p>
      )}
    </>
  );
}

type FieldProps = { label: string; error?: FieldError; hint?: string };

/** A labelled input with an optional hint and its error. */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  ...input
}: ComponentProps<'input'> & FieldProps) {
  const message = useFieldMessage(error);
  const { inputId, describedBy } = useFieldIds(id, Boolean(hint), message);
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <input
        id={inputId}
        className="field__input"
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldFooter inputId={inputId} hint={hint} message={message} />
    </div>
  );
}

/** A labelled select (its options as children) with its error. */
export function SelectField({
  label,
  error,
  hint,
  id,
  children,
  ...select
}: ComponentProps<'select'> & FieldProps) {
  const message = useFieldMessage(error);
  const { inputId, describedBy } = useFieldIds(id, Boolean(hint), message);
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <select
        id={inputId}
        className="field__input"
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {children}
      </select>
      <FieldFooter inputId={inputId} hint={hint} message={message} />
    </div>
  );
}

/** A labelled text area with an optional hint and its error. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  ...area
}: ComponentProps<'textarea'> & FieldProps) {
  const message = useFieldMessage(error);
  const { inputId, describedBy } = useFieldIds(id, Boolean(hint), message);
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <textarea
        id={inputId}
        className="field__input field__area"
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...area}
      />
      <FieldFooter inputId={inputId} hint={hint} message={message} />
    </div>
  );
}
