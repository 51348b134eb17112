import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import i18n from '../i18n/index.ts';
import { ApiError } from './http.ts';

/** The API's message (already translated), or the fallback (the generic one) for anything else. */
export function errorMessage(error: unknown, fallback: string = i18n.t('errors.generic')): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * Puts the API's field errors (a 422's `errors`, already translated) under the form's fields, the
 * first message of each; answers whether a field took one. When none did, the caller shows
 * `errorMessage(error)` its own way: a toast, or a notice above the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | readonly string[],
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let placed = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    if ((fields as readonly string[]).includes(field) && messages[0]) {
      setError(field as Path<T>, { type: 'server', message: messages[0] });
      placed = true;
    }
  }
  return placed;
}
