import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import i18n from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/http.ts';

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

/** The API's message (already translated) or the generic one, as an error toast. */
export function toastError(error: unknown): void {
  toast.error(error instanceof ApiError ? error.message : i18n.t('errors.generic'));
}
