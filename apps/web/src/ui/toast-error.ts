import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../lib/form-errors.ts';

/** Spec section 8: every error toast stays 5000 ms (the default of other toasts is 3000 ms). */
export const ERROR_TOAST_MS = 5000;

/** The API's message (already translated), or the fallback (the generic one), as an error toast. */
export function toastError(error: unknown, fallback?: string): void {
  toast.error(errorMessage(error, fallback), { duration: ERROR_TOAST_MS });
}

/** Spec section 8: a block whose data failed shows the toast 'Error' (5000 ms, dismissible). */
export function useErrorToast(failed: boolean, id: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (failed) toast.error(t('public.error'), { id, duration: ERROR_TOAST_MS, dismissible: true });
  }, [failed, id, t]);
}
