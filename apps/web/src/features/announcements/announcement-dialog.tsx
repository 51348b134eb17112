import * as Dialog from '@radix-ui/react-dialog';
import type { Announcement } from '@skolar/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FormModule = typeof import('./announcement-form.tsx');

/** The composer's form, once its chunk (with the text's editor) is in. */
let formModule: FormModule | undefined;

function loadForm(): Promise<FormModule> {
  return import('./announcement-form.tsx').then((module) => {
    formModule = module;
    return module;
  });
}

/**
 * The composer's form for whoever shows a composer or an edit button (staff): its chunk starts
 * loading then, so it is in by the time the dialog opens. A learner never loads it.
 */
function useFormModule(): FormModule | undefined {
  const [module, setModule] = useState(formModule);
  useEffect(() => {
    if (module) return;
    let current = true;
    void loadForm().then((loaded) => {
      if (current) setModule(loaded);
    });
    return () => {
      current = false;
    };
  }, [module]);
  return module;
}

/**
 * The composer in a dialog, opened by `trigger`: a new announcement (its audience among those
 * the reader may post to), or the edit of one (its audience stays). Closes when saved, the focus
 * back on the trigger.
 */
export function AnnouncementDialog({
  trigger,
  announcement,
}: {
  trigger: ReactNode;
  announcement?: Announcement;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useFormModule();
  const out = announcement !== undefined && announcement.published_at !== null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog card announcement-dialog">
          <Dialog.Title className="dialog__title">
            {t(announcement ? 'announcements.edit' : 'announcements.new')}
          </Dialog.Title>
          <Dialog.Description className="dialog__description">
            {t(out ? 'announcements.form.alreadyOut' : 'announcements.form.intro')}
          </Dialog.Description>
          {form ? (
            <form.AnnouncementForm announcement={announcement} onDone={() => setOpen(false)} />
          ) : (
            <p className="announcements-muted" aria-busy="true">
              {t('app.loading')}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
