import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmKind = 'delete' | 'dissociate' | 'archive' | 'unarchive';

interface ConfirmDialogProps {
  /** The spec's question for a delete, dissociate or archive; omitted with a `question` of its own. */
  kind?: ConfirmKind;
  /** The element that opens the dialog (a button); none when the caller controls `open`. */
  trigger?: React.ReactNode;
  /** What is concerned, shown under the question (e.g. the row's name, or what will happen). */
  subject?: string;
  /** What will happen, when one line does not say it (e.g. a list), in place of `subject`. */
  details?: React.ReactNode;
  /** The question asked, when the kind's own does not fit (e.g. handing an exam in). */
  question?: string;
  /** The buttons' words, when "Confirm" and "Cancel" do not say enough. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's look: red for what destroys or loses work (a delete by default). */
  tone?: 'danger' | 'primary';
  /**
   * Controlled opening (e.g. a navigation blocked by unsaved work): `onOpenChange(false)` on cancel
   * only, the caller closes it after `onConfirm`. Uncontrolled otherwise.
   */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Runs on confirmation; the dialog stays open, its button disabled, until it settles. */
  onConfirm: () => unknown;
}

/** The spec's confirmation before every delete, dissociate and archive: cancel or confirm. */
export function ConfirmDialog({
  kind,
  trigger,
  subject,
  details,
  question,
  confirmLabel,
  cancelLabel,
  tone = kind === 'delete' ? 'danger' : 'primary',
  open: controlledOpen,
  onOpenChange,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [ownOpen, setOwnOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      if (controlledOpen === undefined) setOwnOpen(false);
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog card">
          <AlertDialog.Title className="dialog__title">
            {question ?? t(`confirm.${kind ?? 'delete'}`)}
          </AlertDialog.Title>
          {details ? (
            <AlertDialog.Description asChild>
              <div className="dialog__description">{details}</div>
            </AlertDialog.Description>
          ) : (
            subject && (
              <AlertDialog.Description className="dialog__description">
                {subject}
              </AlertDialog.Description>
            )
          )}
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--ghost">
                {cancelLabel ?? t('confirm.cancel')}
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className={`button button--${tone}`}
              disabled={pending}
              onClick={() => void confirm()}
            >
              {confirmLabel ?? t('confirm.confirm')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
