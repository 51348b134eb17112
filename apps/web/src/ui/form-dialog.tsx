import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import './form-dialog.css';

/** A dialog around a form (`wide` for an editor with its preview); closes when done. */
export function FormDialog({
  title,
  trigger,
  wide = false,
  children,
}: {
  title: string;
  trigger: ReactNode;
  wide?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className={wide ? 'dialog card dialog--wide' : 'dialog card'}
          aria-describedby={undefined}
        >
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          {children(() => setOpen(false))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button that opens a FormDialog titled with its own label. */
export function DialogButton({
  label,
  primary = false,
  wide = false,
  children,
}: {
  label: string;
  primary?: boolean;
  wide?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  return (
    <FormDialog
      title={label}
      wide={wide}
      trigger={
        <button
          type="button"
          className={primary ? 'button button--primary' : 'button button--ghost'}
        >
          {label}
        </button>
      }
    >
      {children}
    </FormDialog>
  );
}
