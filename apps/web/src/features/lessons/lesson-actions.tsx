import type { RowPermissions } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { lessonKeys } from './api.ts';

interface ContentActionsProps {
  name: string;
  can: RowPermissions;
  archived: boolean;
  setArchived: (archived: boolean) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** Where to go once the row is deleted. */
  afterDelete: string;
}

/** Archive (or restore) and delete a lesson or a chapter, each behind its confirmation. */
export function ContentActions({
  name,
  can,
  archived,
  setArchived,
  remove,
  afterDelete,
}: ContentActionsProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const run = async (action: () => Promise<unknown>, done: string, then?: () => unknown) => {
    try {
      await action();
      toast.success(done);
      await then?.();
      await client.invalidateQueries({ queryKey: lessonKeys.all });
    } catch (error) {
      toastError(error);
    }
  };
  const archiveKind = archived ? 'unarchive' : 'archive';
  return (
    <>
      {can.archive && (
        <ConfirmDialog
          kind={archiveKind}
          subject={name}
          onConfirm={() => run(() => setArchived(!archived), t(`manage.${archiveKind}d`))}
          trigger={
            <button type="button" className="button button--ghost">
              {archived ? (
                <ArchiveRestore size={16} aria-hidden="true" />
              ) : (
                <Archive size={16} aria-hidden="true" />
              )}
              {t(`manage.${archiveKind}`)}
            </button>
          }
        />
      )}
      {can.delete && (
        <ConfirmDialog
          kind="delete"
          subject={name}
          onConfirm={() => run(remove, t('manage.deleted'), () => navigate(afterDelete))}
          trigger={
            <button type="button" className="button button--ghost">
              <Trash2 size={16} aria-hidden="true" />
              {t('manage.delete')}
            </button>
          }
        />
      )}
    </>
  );
}
