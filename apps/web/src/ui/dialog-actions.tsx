import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';

/** The foot of a form in a dialog: "Cancel" closes it, the primary button submits the form. */
export function DialogFormActions({
  submitLabel,
  cancelLabel,
  pending,
}: {
  submitLabel: string;
  /** "Cancel" unless the dialog says it otherwise. */
  cancelLabel?: string;
  /** The submit button stays disabled while the form is being sent. */
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="dialog__actions">
      <Dialog.Close asChild>
        <button type="button" className="button button--ghost">
          {cancelLabel ?? t('confirm.cancel')}
        </button>
      </Dialog.Close>
      <button type="submit" className="button button--primary" disabled={pending}>
        {submitLabel}
      </button>
    </div>
  );
}
