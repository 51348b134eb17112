import { toast } from 'sonner';
import { errorMessage } from '../lib/form-errors.ts';

/** The API's message (already translated), or the fallback (the generic one), as an error toast. */
export function toastError(error: unknown, fallback?: string): void {
  toast.error(errorMessage(error, fallback));
}
