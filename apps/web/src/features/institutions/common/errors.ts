import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/http.ts';
import { toastError } from '../../../ui/toast-error.ts';

/**
 * Shows an API error on a form: 422 field errors under their fields (the API translates
 * them), anything else as a toast. Answers true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (error instanceof ApiError && error.status === 422 && error.errors) {
    let placed = false;
    for (const [field, messages] of Object.entries(error.errors)) {
      if (fields.includes(field) && messages[0]) {
        setError(field as Path<T>, { type: 'server', message: messages[0] });
        placed = true;
      }
    }
    if (placed) return true;
  }
  toastError(error);
  return false;
}

export { toastError } from '../../../ui/toast-error.ts';
