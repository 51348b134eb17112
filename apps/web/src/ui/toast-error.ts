import { toast } from 'sonner';
import i18n from '../i18n/index.ts';
import { ApiError } from '../lib/http.ts';

/** The API's message (already translated) or the generic one, as an error toast. */
export function toastError(error: unknown): void {
  toast.error(error instanceof ApiError ? error.message : i18n.t('errors.generic'));
}
