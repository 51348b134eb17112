import {
  type Column,
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListAnswer, ListState } from '../lib/list-state.ts';
import './data-table.css';
import { ListPager } from './list-pager.tsx';
import { TruncatedText } from './truncated-text.tsx';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The API's sort key for this column; the header becomes a sort button. */
    sortKey?: string;
    /** Right-aligned numbers (counts, grades); sized to their content, never cut. */
    numeric?: boolean;
    /**
     * How much the column matters: 1 (the default) always shows; 2 hides on a narrow table
     * (under 800 px) but shows on a phone's card; 3 shows only on a wide table (1120 px and more).
     */
    priority?: 1 | 2 | 3;
    /** Short values (badges, dates) sized to their content and never cut, like numbers. */
    fit?: boolean;
    /** Kept only to please the generic parameters. */
    _types?: [TData, TValue];
  }
}

interface DataTableProps<T> {
  /** Names the table for assistive technologies. */
  caption: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column by design.
  columns: ColumnDef<T, any>[];
  answer: ListAnswer<T> | undefined;
  isLoading: boolean;
  state: ListState;
  onStateChange: (change: Partial<ListState>) => void;
  /** The spec's empty-list message ('No … found'). */
  emptyMessage: string;
  /** Buttons shown beside the search (add, import, export). */
  actions?: ReactNode;
  /** Offers the 'archived' filter for entities that can be archived. */
  archivable?: boolean;
  getRowId?: (row: T) => string;
}

const SEARCH_DELAY_MS = 300;

/** The row's actions: the column with this id stays in view at the end and ends each card. */
const ACTIONS = 'actions';

// biome-ignore lint/suspicious/noExplicitAny: any column of any row type.
function columnLayout(column: Column<any, unknown>, index: number) {
  const meta = column.columnDef.meta;
  const actions = column.id === ACTIONS;
  const fit = actions || meta?.numeric || meta?.fit;
  const className = [
    index === 0 && 'is-main',
    meta?.numeric && 'is-numeric',
    fit ? 'is-fit' : 'is-flexible',
    actions && 'is-actions',
  ]
    .filter(Boolean)
    .join(' ');
  const priority = meta?.priority && meta.priority > 1 ? meta.priority : undefined;
  return { attributes: { className, 'data-priority': priority }, cut: !fit };
}

/**
 * The one list component: server-side search, sort and pagination with the rows-per-page
 * selector (10, 25, 50, 100), a skeleton while loading and the entity's empty message. The table
 * fits its box: long values are cut (full value on hover and focus), low-priority columns hide as
 * the box narrows, the actions stay at the end, and on a phone each row becomes a card.
 */
export function DataTable<T>({
  caption,
  columns,
  answer,
  isLoading,
  state,
  onStateChange,
  emptyMessage,
  actions,
  archivable = false,
  getRowId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState(state.q);

  useEffect(() => setSearch(state.q), [state.q]);
  useEffect(() => {
    if (search === state.q) return;
    const timer = setTimeout(() => onStateChange({ q: search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, state.q, onStateChange]);

  const table = useReactTable({
    data: answer?.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    getRowId,
  });

  const toggleSort = (key: string) => {
    const next = state.sort === key ? `-${key}` : state.sort === `-${key}` ? '' : key;
    onStateChange({ sort: next });
  };

  return (
    <div className="data-table">
      <div className="data-table__toolbar">
        <div className="data-table__search">
          <label htmlFor={searchId} className="sr-only">
            {t('table.search')}
          </label>
          <Search size={16} aria-hidden="true" />
          <input
            id={searchId}
            type="search"
            className="field__input"
            placeholder={t('table.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {archivable && (
          <label className="data-table__filter">
            <input
              type="checkbox"
              checked={state.archived}
              onChange={(event) => onStateChange({ archived: event.target.checked })}
            />
            {t('table.showArchived')}
          </label>
        )}
        {actions && <div className="data-table__actions">{actions}</div>}
      </div>

      <div className="data-table__scroll">
        <table aria-busy={isLoading || undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header, index) => {
                  const meta = header.column.columnDef.meta;
                  const { attributes } = columnLayout(header.column, index);
                  const key = meta?.sortKey;
                  const direction =
                    key && state.sort === key
                      ? 'ascending'
                      : key && state.sort === `-${key}`
                        ? 'descending'
                        : undefined;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={direction ?? (key ? 'none' : undefined)}
                      {...attributes}
                    >
                      {key ? (
                        <button
                          type="button"
                          className="data-table__sort"
                          onClick={() => toggleSort(key)}
                        >
                          {label}
                          {direction === 'ascending' ? (
                            <ArrowUp size={14} aria-hidden="true" />
                          ) : direction === 'descending' ? (
                            <ArrowDown size={14} aria-hidden="true" />
                          ) : (
                            <ArrowUpDown size={14} aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {isLoading && !answer
              ? Array.from({ length: 5 }, (_, row) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
                  <tr key={row} className="data-table__skeleton">
                    {table.getVisibleLeafColumns().map((column, index) => {
                      return (
                        <td key={column.id} {...columnLayout(column, index).attributes}>
                          <span />
                        </td>
                      );
                    })}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr key={row.id}>
                    {row.getVisibleCells().map((cell, index) => {
                      const { attributes, cut } = columnLayout(cell.column, index);
                      const header = cell.column.columnDef.header;
                      const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                      return (
                        <td
                          key={cell.id}
                          {...attributes}
                          data-label={typeof header === 'string' ? header : undefined}
                        >
                          {cut ? <TruncatedText>{content}</TruncatedText> : content}
                        </td>
                      );
                    })}
                  </tr>
                ))}
            {!isLoading && answer && answer.data.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="data-table__empty">
                  {emptyMessage}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <ListPager
        state={state}
        total={answer?.meta.total ?? 0}
        shown={answer?.data.length ?? 0}
        onStateChange={onStateChange}
      />
    </div>
  );
}
