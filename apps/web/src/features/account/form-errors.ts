import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import i18n from '../../i18n/index.ts';
import { ApiError } from '../../lib/http.ts';

/**
 * Puts the API's field errors under their fields (first message of each list) and answers the
 * message to show above the form when no field took it.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(error instanceof ApiError)) return i18n.t('errors.generic');
  let placed = false;
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    if ((fields as readonly string[]).includes(field) && messages[0]) {
      setError(field as Path<T>, { type: 'server', message: messages[0] });
      placed = true;
    }
  }
  return placed ? null : error.message;
}
