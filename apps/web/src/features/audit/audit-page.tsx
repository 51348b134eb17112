import { AUDIT_ACTIONS, type AuditEntry, isCalendarDay } from '@skolar/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useListQuery } from '../../api/list-query.ts';
import { formatInstant } from '../../lib/format.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { CsvColumn } from '../../ui/export-csv.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import '../../ui/management.css';
import './audit.css';

const column = createColumnHelper<AuditEntry>();
const FILTERS = ['action', 'from', 'to'] as const;

/** The details of a row, as short text: its after (or before) values, secrets already redacted. */
function details(row: AuditEntry): string {
  const values = row.after ?? row.before;
  if (!values) return '';
  return Object.entries(values)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(', ');
}

/**
 * `/audit` (admin: their institution's rows; super-admin: every row): the audit log, newest
 * first, searchable by text and filtered by action and days, exported as CSV (decision 132).
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('audit.title'));
  const [state, setState] = useListState();
  const [params, setParams] = useSearchParams();
  const action = (AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '')
    ? params.get('action')!
    : '';
  // A day the address holds is sent only if it is real (`?from=2026-13-45` is left out).
  const from = isCalendarDay(params.get('from') ?? '') ? params.get('from')! : '';
  const to = isCalendarDay(params.get('to') ?? '') ? params.get('to')! : '';
  const query = new URLSearchParams();
  if (action) query.set('action', action);
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const path = query.size > 0 ? (`/api/audit?${query}` as const) : '/api/audit';
  const list = useListQuery<AuditEntry>(['audit', action, from, to], path, state);
  const setFilter = (name: (typeof FILTERS)[number], value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const actionLabel = (value: string) =>
    (AUDIT_ACTIONS as readonly string[]).includes(value)
      ? t(`audit.actions.${value.replace('.', '_')}`)
      : value;
  const target = (row: AuditEntry) =>
    row.entity_id === null ? row.entity : `${row.entity} #${row.entity_id}`;

  const columns = [
    column.accessor('at', {
      header: t('audit.fields.at'),
      meta: { fit: true },
      cell: ({ getValue }) => (
        <time dateTime={getValue()}>
          {formatInstant(getValue(), i18n.language, { dateStyle: 'short', timeStyle: 'medium' })}
        </time>
      ),
    }),
    column.accessor('actor_label', {
      header: t('audit.fields.actor'),
      cell: ({ getValue }) => (
        <span className="audit-actor">
          {getValue() ?? <span className="manage-muted">{t('audit.guest')}</span>}
        </span>
      ),
    }),
    column.accessor('action', {
      header: t('audit.fields.action'),
      cell: ({ getValue }) => <span className="badge">{actionLabel(getValue())}</span>,
    }),
    column.display({
      id: 'target',
      header: t('audit.fields.target'),
      meta: { priority: 2 },
      cell: ({ row }) => target(row.original),
    }),
    column.display({
      id: 'details',
      header: t('audit.fields.details'),
      meta: { priority: 3 },
      cell: ({ row }) => <span className="audit-details">{details(row.original)}</span>,
    }),
  ];

  const csv: CsvColumn<AuditEntry>[] = [
    { header: t('audit.fields.at'), value: (row) => row.at },
    { header: t('audit.fields.actor'), value: (row) => row.actor_label ?? t('audit.guest') },
    { header: t('audit.fields.actor_id'), value: (row) => row.actor_id },
    { header: t('audit.fields.action'), value: (row) => row.action },
    { header: t('audit.fields.entity'), value: (row) => row.entity },
    { header: t('audit.fields.entity_id'), value: (row) => row.entity_id },
    { header: t('audit.fields.institution_id'), value: (row) => row.institution_id },
    {
      header: t('audit.fields.before'),
      value: (row) => (row.before ? JSON.stringify(row.before) : ''),
    },
    {
      header: t('audit.fields.after'),
      value: (row) => (row.after ? JSON.stringify(row.after) : ''),
    },
  ];

  return (
    <div className="container page">
      <PageHeader eyebrow={t('manage.eyebrow')} title={t('audit.title')} />
      <p className="manage-muted audit-intro">{t('audit.intro')}</p>
      <div className="manage-list">
        <DataTable
          caption={t('audit.title')}
          columns={columns}
          answer={list.data}
          isLoading={list.isLoading}
          state={state}
          onStateChange={setState}
          emptyMessage={t('audit.empty')}
          getRowId={(row) => String(row.id)}
          actions={
            <div className="audit-filters">
              <label className="sr-only" htmlFor="audit-action">
                {t('audit.filters.action')}
              </label>
              <select
                id="audit-action"
                className="field__input manage-filter"
                value={action}
                onChange={(event) => setFilter('action', event.target.value)}
              >
                <option value="">{t('audit.filters.allActions')}</option>
                {AUDIT_ACTIONS.map((value) => (
                  <option key={value} value={value}>
                    {actionLabel(value)}
                  </option>
                ))}
              </select>
              <label className="audit-day">
                <span>{t('audit.filters.from')}</span>
                <input
                  type="date"
                  className="field__input manage-filter"
                  value={from}
                  onChange={(event) => setFilter('from', event.target.value)}
                />
              </label>
              <label className="audit-day">
                <span>{t('audit.filters.to')}</span>
                <input
                  type="date"
                  className="field__input manage-filter"
                  value={to}
                  onChange={(event) => setFilter('to', event.target.value)}
                />
              </label>
              <ExportButton path={path} state={state} columns={csv} filename="audit.csv" />
            </div>
          }
        />
      </div>
    </div>
  );
}
