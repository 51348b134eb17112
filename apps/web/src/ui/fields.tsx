import { type ComponentProps, type ReactNode, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import './fields.css';

type FieldProps = { label: string; error?: FieldError; hint?: string };

/**
 * The id of a control, its message and the attributes that tie them. Client (zod) messages are
 * catalogue keys; errors set with `type: 'server'` carry the API's already translated text.
 */
function useField(id: string | undefined, error: FieldError | undefined, hint: string | undefined) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const message = error?.message && (error.type === 'server' ? error.message : t(error.message));
  const describedBy = [hint ? `${inputId}-hint` : '', message ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return {
    inputId,
    message,
    control: {
      id: inputId,
      className: 'field__input',
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

/** The label above a control, its hint and its error below. */
function Field({
  label,
  hint,
  inputId,
  message,
  className,
  children,
}: {
  label: string;
  hint?: string;
  inputId: string;
  message?: string | false;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      {children}
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
    </div>
  );
}

/** A labelled input with an optional hint and its error. */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  ...input
}: ComponentProps<'input'> & FieldProps) {
  const { control, ...field } = useField(id, error, hint);
  return (
    <Field label={label} hint={hint} className={className} {...field}>
      <input {...control} {...input} />
    </Field>
  );
}

/** A labelled select (its options as children) with an optional hint and its error. */
export function SelectField({
  label,
  error,
  hint,
  id,
  ...select
}: ComponentProps<'select'> & FieldProps) {
  const { control, ...field } = useField(id, error, hint);
  return (
    <Field label={label} hint={hint} {...field}>
      <select {...control} {...select} />
    </Field>
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
  const { control, ...field } = useField(id, error, hint);
  return (
    <Field label={label} hint={hint} {...field}>
      <textarea {...control} className="field__input field__area" {...area} />
    </Field>
  );
}
