import type { PageHref, RowPermissions } from '@skolar/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Eye, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type ArchivableUrl, callUrl } from '../api/client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { RoleLink } from './role-link.tsx';
import './row-actions.css';
import { toastError } from './toast-error.ts';

interface RowActionsProps {
  /** The row's name, read by screen readers and shown in confirmations. */
  name: string;
  can: RowPermissions;
  archived: boolean;
  /** The row's page. */
  view?: PageHref;
  /** A link (plain edit) or a callback (edit behind a step-up). */
  edit?: PageHref | (() => void);
  /** `/api/<things>/:id` of the row: `POST …/archive`, `POST …/unarchive`, `DELETE …`. */
  apiPath: ArchivableUrl;
  /** Query keys to refresh after a change. */
  invalidate: readonly QueryKey[];
  /** Offer deletion (when the API allows it for the row). */
  deletable?: boolean;
  /** What else the deletion removes, said in its confirmation (e.g. a subject's own lessons). */
  deleteWarning?: string;
  /**
   * The catalogue area whose words the toasts use (`<area>.archived`, `.unarchived`, `.deleted`;
   * the cohort screens also have their own `cohorts.failed`).
   */
  area?: 'manage' | 'cohorts';
}

/**
 * The actions a row allows the current user (the API's `can`; view and edit only when their role
 * may open the page), each change behind its confirmation.
 */
export function RowActions({
  name,
  can,
  archived,
  view,
  edit,
  apiPath,
  invalidate,
  deletable = false,
  deleteWarning,
  area = 'manage',
}: RowActionsProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
    } catch (error) {
      toastError(error, area === 'cohorts' ? t('cohorts.failed') : undefined);
    }
  };
  const label = (action: string) => t(`manage.actions.${action}`, { name });
  const archiveAction = archived ? 'unarchive' : 'archive';
  return (
    <div className="row-actions">
      {view && (
        <RoleLink
          to={view}
          otherwise="nothing"
          className="icon-button"
          aria-label={label('view')}
          title={label('view')}
        >
          <Eye size={16} aria-hidden="true" />
        </RoleLink>
      )}
      {edit &&
        can.update &&
        (typeof edit === 'string' ? (
          <RoleLink
            to={edit}
            otherwise="nothing"
            className="icon-button"
            aria-label={label('edit')}
            title={label('edit')}
          >
            <Pencil size={16} aria-hidden="true" />
          </RoleLink>
        ) : (
          <button
            type="button"
            className="icon-button"
            onClick={edit}
            aria-label={label('edit')}
            title={label('edit')}
          >
            <Pencil size={16} aria-hidden="true" />
          </button>
        ))}
      {can.archive && (
        <ConfirmDialog
          kind={archiveAction}
          subject={name}
          onConfirm={() =>
            run(
              () => callUrl('POST', `${apiPath}/${archiveAction}`),
              t(`${area}.${archived ? 'unarchived' : 'archived'}`),
            )
          }
          trigger={
            <button
              type="button"
              className="icon-button"
              aria-label={label(archiveAction)}
              title={label(archiveAction)}
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
      {deletable && can.delete && (
        <ConfirmDialog
          kind="delete"
          subject={deleteWarning ? `${name} — ${deleteWarning}` : name}
          onConfirm={() => run(() => callUrl('DELETE', apiPath), t(`${area}.deleted`))}
          trigger={
            <button
              type="button"
              className="icon-button row-actions__danger"
              aria-label={label('delete')}
              title={label('delete')}
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          }
        />
      )}
    </div>
  );
}
