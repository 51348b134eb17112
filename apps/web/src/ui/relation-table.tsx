import type { ColumnDef } from '@tanstack/react-table';
import { Check, Link2, Unlink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AssignmentUrl } from '../api/client.ts';
import { useListQuery } from '../api/list-query.ts';
import { useListState } from '../lib/list-state.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DataTable } from './data-table.tsx';
import './management.css';
import { useAssignment } from './use-assignment.ts';

interface Linkable {
  id: number;
  name: string;
  assigned: boolean;
}

interface RelationTableProps<T extends Linkable> {
  caption: string;
  /** The list endpoint (`GET`), the assignment (`PUT { ids }`) and `DELETE <path>/<id>`. */
  path: AssignmentUrl;
  queryKey: readonly unknown[];
  // biome-ignore lint/suspicious/noExplicitAny: columns of different value types.
  columns: ColumnDef<T, any>[];
  emptyMessage: string;
}

/**
 * An assignment screen: the catalogue with, per row, whether it is linked; 'Assign' links it,
 * 'Dissociate' unlinks it after the confirmation.
 */
export function RelationTable<T extends Linkable>({
  caption,
  path,
  queryKey,
  columns,
  emptyMessage,
}: RelationTableProps<T>) {
  const { t } = useTranslation();
  const [state, setState] = useListState();
  const list = useListQuery<T>(queryKey, path, state);
  const { assign, dissociate } = useAssignment({
    path,
    invalidate: [queryKey],
    texts: {
      assigned: t('manage.relation.assigned'),
      dissociated: t('manage.relation.dissociated'),
    },
  });

  /** Status and action side by side as the row's actions, which the table keeps in view. */
  const statusColumn: ColumnDef<T> = {
    id: 'actions',
    header: t('manage.relation.status'),
    meta: { sortKey: 'assigned' },
    cell: ({ row }) => (
      <div className="manage-relation">
        {row.original.assigned ? (
          <span className="badge manage-badge--on">
            <Check size={12} aria-hidden="true" />
            {t('manage.relation.isAssigned')}
          </span>
        ) : (
          <span className="manage-muted">{t('manage.relation.notAssigned')}</span>
        )}
        {row.original.assigned ? (
          <ConfirmDialog
            kind="dissociate"
            subject={row.original.name}
            onConfirm={() => dissociate(row.original.id)}
            trigger={
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`${t('manage.relation.dissociate')} ${row.original.name}`}
              >
                <Unlink size={16} aria-hidden="true" />
                {t('manage.relation.dissociate')}
              </button>
            }
          />
        ) : (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={assign.isPending}
            onClick={() => assign.mutate([row.original.id])}
            aria-label={`${t('manage.relation.assign')} ${row.original.name}`}
          >
            <Link2 size={16} aria-hidden="true" />
            {t('manage.relation.assign')}
          </button>
        )}
      </div>
    ),
  };
  const allColumns: ColumnDef<T>[] = [...columns, statusColumn];

  return (
    <div className="manage-list">
      <DataTable
        caption={caption}
        columns={allColumns}
        answer={list.data}
        isLoading={list.isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={emptyMessage}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}
