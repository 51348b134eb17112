import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmKind = 'delete' | 'dissociate' | 'archive' | 'unarchive';

interface ConfirmDialogProps {
  kind: ConfirmKind;
  /** The element that opens the dialog (a button). */
  trigger: React.ReactNode;
  /** What is concerned, shown under the question (e.g. the row's name). */
  subject?: string;
  /** The question asked, when the kind's own does not fit (e.g. handing an exam in). */
  question?: string;
  /** Runs on confirmation; the dialog stays open, its button disabled, until it settles. */
  onConfirm: () => Promise<unknown>;
}

/** The spec's confirmation before every delete, dissociate and archive: cancel or confirm. */
export function ConfirmDialog({ kind, trigger, subject, question, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog card">
          <AlertDialog.Title className="dialog__title">
            {question ?? t(`confirm.${kind}`)}
          </AlertDialog.Title>
          {subject && (
            <AlertDialog.Description className="dialog__description">
              {subject}
            </AlertDialog.Description>
          )}
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--ghost">
                {t('confirm.cancel')}
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className={kind === 'delete' ? 'button button--danger' : 'button button--primary'}
              disabled={pending}
              onClick={() => void confirm()}
            >
              {t('confirm.confirm')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
