import type { RowPermissions } from '@skolar/shared';
import { Archive, ArchiveRestore, Eye, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';

interface RowActionsProps {
  /** The row's name, read by screen readers and shown in confirmations. */
  name: string;
  can: RowPermissions;
  archived: boolean;
  view?: string;
  /** A link (plain edit) or a callback (edit behind a step-up). */
  edit?: string | (() => void);
  onArchive?: (archived: boolean) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
}

/** The actions a row allows the current user (the API's `can`), each behind its confirmation. */
export function RowActions({
  name,
  can,
  archived,
  view,
  edit,
  onArchive,
  onDelete,
}: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="manage-actions">
      {view && (
        <Link
          to={view}
          className="icon-button"
          aria-label={t('manage.actions.view', { name })}
          title={t('manage.actions.view', { name })}
        >
          <Eye size={16} aria-hidden="true" />
        </Link>
      )}
      {edit &&
        can.update &&
        (typeof edit === 'string' ? (
          <Link
            to={edit}
            className="icon-button"
            aria-label={t('manage.actions.edit', { name })}
            title={t('manage.actions.edit', { name })}
          >
            <Pencil size={16} aria-hidden="true" />
          </Link>
        ) : (
          <button
            type="button"
            className="icon-button"
            onClick={edit}
            aria-label={t('manage.actions.edit', { name })}
            title={t('manage.actions.edit', { name })}
          >
            <Pencil size={16} aria-hidden="true" />
          </button>
        ))}
      {onArchive && can.archive && (
        <ConfirmDialog
          kind={archived ? 'unarchive' : 'archive'}
          subject={name}
          onConfirm={() => onArchive(!archived)}
          trigger={
            <button
              type="button"
              className="icon-button"
              aria-label={t(archived ? 'manage.actions.unarchive' : 'manage.actions.archive', {
                name,
              })}
              title={t(archived ? 'manage.actions.unarchive' : 'manage.actions.archive', { name })}
            >
              {archived ? (
                <ArchiveRestore size={16} aria-hidden="true" />
              ) : (
                <Archive size={16} aria-hidden="true" />
              )}
            </button>
          }
        />
      )}
      {onDelete && can.delete && (
        <ConfirmDialog
          kind="delete"
          subject={name}
          onConfirm={onDelete}
          trigger={
            <button
              type="button"
              className="icon-button manage-actions__danger"
              aria-label={t('manage.actions.delete', { name })}
              title={t('manage.actions.delete', { name })}
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          }
        />
      )}
    </div>
  );
}
