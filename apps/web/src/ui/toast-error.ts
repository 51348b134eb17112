import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../lib/form-errors.ts';

/** The API's message (already translated), or the fallback (the generic one), as an error toast. */
export function toastError(error: unknown, fallback?: string): void {
  toast.error(errorMessage(error, fallback));
}

/** Spec section 8: a block whose data failed shows the toast 'Error' (5000 ms, dismissible). */
export function useErrorToast(failed: boolean, id: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (failed) toast.error(t('public.error'), { id, duration: 5000, dismissible: true });
  }, [failed, id, t]);
}
