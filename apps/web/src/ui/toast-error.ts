import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/form-errors.ts';

// The toast library loads with the first toast: the public pages' blocks use this module, and the
// library is not part of their first load (docs/decisions.md, 145).
let loading: Promise<typeof import('sonner')> | undefined;
const sonner = () => {
  loading ??= import('sonner');
  return loading;
};

/** The product's rule: every error toast stays 5000 ms (the default of other toasts is 3000 ms). */
export const ERROR_TOAST_MS = 5000;

/** The API's message (already translated), or the fallback (the generic one), as an error toast. */
export function toastError(error: unknown, fallback?: string): void {
  const message = errorMessage(error, fallback);
  void sonner().then(({ toast }) => toast.error(message, { duration: ERROR_TOAST_MS }));
}

/** The product's rule: a block whose data failed shows the toast 'Error' (5000 ms, dismissible). */
export function useErrorToast(failed: boolean, id: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!failed) return;
    void sonner().then(({ toast }) =>
      toast.error(t('public.error'), { id, duration: ERROR_TOAST_MS, dismissible: true }),
    );
  }, [failed, id, t]);
}
