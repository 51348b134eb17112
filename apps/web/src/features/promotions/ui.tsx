import type { AssignmentAnswer } from '@skolar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Archive,
  ArchiveRestore,
  ArrowLeft,
  Eye,
  Link2Off,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useMemo, useState } from 'react';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ApiError, http } from '../../lib/http.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import './cohorts.css';

/** What the API says the current user may do with a row. */
export interface Can {
  update: boolean;
  delete: boolean;
  archive: boolean;
}

/** The title block of a screen: a back link, an eyebrow, the title and the screen's actions. */
export function CohortHeader({
  eyebrow,
  title,
  back,
  actions,
}: {
  eyebrow: string;
  title: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <div className="cohort-header">
      <div className="cohort-header__text">
        {back && (
          <Link to={back.to} className="cohort-back">
            <ArrowLeft size={14} aria-hidden="true" />
            {back.label}
          </Link>
        )}
        <p className="page__eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
      </div>
      {actions && <div className="cohort-header__actions">{actions}</div>}
    </div>
  );
}

/** A toast with the API's message, for failures outside a form. */
export function toastError(error: unknown, fallback: string) {
  toast.error(error instanceof ApiError ? error.message : fallback, { duration: 5000 });
}

/** Puts the API's 422 field errors under the form's fields; answers whether it did. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let placed = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (!fields.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] });
    placed = true;
  }
  return placed;
}

/** A labelled select with its error (same shape as TextField). */
export function SelectField({
  label,
  error,
  children,
  id,
  ...select
}: ComponentProps<'select'> & { label: string; error?: FieldError }) {
  const { t } = useTranslation();
  const generated = useId();
  const selectId = id ?? generated;
  const message = error?.message && (error.type === 'server' ? error.message : t(error.message));
  return (
    <div className="field">
      <label htmlFor={selectId} className="field__label">
        {label}
      </label>
      <select
        id={selectId}
        className="field__input"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${selectId}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {message && (
        <p id={`${selectId}-error`} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}

/** A labelled text area with its error. */
export function TextAreaField({
  label,
  error,
  id,
  ...area
}: ComponentProps<'textarea'> & { label: string; error?: FieldError }) {
  const { t } = useTranslation();
  const generated = useId();
  const areaId = id ?? generated;
  const message = error?.message && (error.type === 'server' ? error.message : t(error.message));
  return (
    <div className="field">
      <label htmlFor={areaId} className="field__label">
        {label}
      </label>
      <textarea
        id={areaId}
        className="field__input"
        aria-invalid={message ? true : undefined}
        {...area}
      />
      {message && <p className="field__error">{message}</p>}
    </div>
  );
}

interface RowActionsProps {
  name: string;
  can: Can;
  archived: boolean;
  view?: string;
  edit?: string | (() => void);
  /** `/api/<things>/:id` of the row. */
  apiPath: string;
  /** Query keys to refresh after a change. */
  invalidate: readonly unknown[][];
  deletable?: boolean;
}

/** The actions of one list row, only those the API allows, each destructive one confirmed. */
export function RowActions({
  name,
  can,
  archived,
  view,
  edit,
  apiPath,
  invalidate,
  deletable = false,
}: RowActionsProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = async () => {
    await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
  };
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
      await refresh();
    } catch (error) {
      toastError(error, t('cohorts.failed'));
    }
  };
  return (
    <div className="row-actions">
      {view && (
        <Link to={view} className="icon-action" aria-label={t('cohorts.viewOf', { name })}>
          <Eye size={16} aria-hidden="true" />
        </Link>
      )}
      {can.update &&
        edit &&
        (typeof edit === 'string' ? (
          <Link to={edit} className="icon-action" aria-label={t('cohorts.editOf', { name })}>
            <Pencil size={16} aria-hidden="true" />
          </Link>
        ) : (
          <button
            type="button"
            className="icon-action"
            aria-label={t('cohorts.editOf', { name })}
            onClick={edit}
          >
            <Pencil size={16} aria-hidden="true" />
          </button>
        ))}
      {can.archive && (
        <ConfirmDialog
          kind={archived ? 'unarchive' : 'archive'}
          subject={name}
          trigger={
            <button
              type="button"
              className="icon-action"
              aria-label={t(archived ? 'cohorts.unarchiveOf' : 'cohorts.archiveOf', { name })}
            >
              {archived ? (
                <ArchiveRestore size={16} aria-hidden="true" />
              ) : (
                <Archive size={16} aria-hidden="true" />
              )}
            </button>
          }
          onConfirm={() =>
            run(
              () => http.post(`${apiPath}/${archived ? 'unarchive' : 'archive'}`),
              t(archived ? 'cohorts.unarchived' : 'cohorts.archived'),
            )
          }
        />
      )}
      {deletable && can.delete && (
        <ConfirmDialog
          kind="delete"
          subject={name}
          trigger={
            <button
              type="button"
              className="icon-action icon-action--danger"
              aria-label={t('cohorts.deleteOf', { name })}
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          }
          onConfirm={() => run(() => http.delete(apiPath), t('cohorts.deleted'))}
        />
      )}
    </div>
  );
}

/** A status badge: archived, or the row's visibility. */
export function StatusBadge({ archived, label }: { archived: boolean; label?: string }) {
  const { t } = useTranslation();
  if (archived) return <span className="badge badge--muted">{t('cohorts.archivedBadge')}</span>;
  return label ? <span className="badge">{label}</span> : null;
}

interface AssignmentPanelProps {
  /** `/api/<things>/:id/<others>`. */
  path: string;
  title: string;
  empty: string;
  addLabel: string;
  /** Query keys refreshed after a change, besides the panel's own. */
  invalidate?: readonly unknown[][];
  readOnly?: boolean;
}

/**
 * An association screen: the assigned rows, each dissociated after confirmation, and a searchable
 * checklist of the others, added in one set-based request.
 */
export function AssignmentPanel({
  path,
  title,
  empty,
  addLabel,
  invalidate = [],
  readOnly = false,
}: AssignmentPanelProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const queryKey = ['assignment', path];
  const { data, isLoading, error } = useQuery({
    queryKey,
    queryFn: () => http.get<AssignmentAnswer>(path),
  });
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const filterId = useId();
  const refresh = async () => {
    await Promise.all(
      [queryKey, ...invalidate].map((key) => client.invalidateQueries({ queryKey: key })),
    );
  };
  const assign = useMutation({
    mutationFn: (ids: number[]) => http.put<AssignmentAnswer>(path, { ids }),
    onSuccess: async (answer) => {
      client.setQueryData(queryKey, answer);
      setPicked(new Set());
      toast.success(t('cohorts.assigned'));
      await refresh();
    },
    onError: (failure) => toastError(failure, t('cohorts.failed')),
  });
  const options = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (data?.options ?? []).filter(
      (option) =>
        !needle ||
        option.label.toLowerCase().includes(needle) ||
        option.detail?.toLowerCase().includes(needle),
    );
  }, [data, filter]);

  if (error) return <p className="notice notice--error">{(error as Error).message}</p>;

  return (
    <div className="cohort-sections">
      <section className="card cohort-section" aria-labelledby={`${filterId}-assigned`}>
        <div className="cohort-section__head">
          <h2 id={`${filterId}-assigned`}>{title}</h2>
          <span className="badge">{data?.assigned.length ?? 0}</span>
        </div>
        {isLoading ? (
          <p className="cohort-muted">{t('app.loading')}</p>
        ) : data && data.assigned.length === 0 ? (
          <p className="cohort-empty">{empty}</p>
        ) : (
          <ul className="cohort-list">
            {data?.assigned.map((item) => (
              <li key={item.id}>
                <div className="cohort-list__text">
                  <strong>{item.label}</strong>
                  {item.detail && <span>{item.detail}</span>}
                </div>
                {!readOnly && (
                  <ConfirmDialog
                    kind="dissociate"
                    subject={item.label}
                    trigger={
                      <button
                        type="button"
                        className="icon-action icon-action--danger"
                        aria-label={t('cohorts.dissociateOf', { name: item.label })}
                      >
                        <Link2Off size={16} aria-hidden="true" />
                      </button>
                    }
                    onConfirm={async () => {
                      try {
                        await http.delete(`${path}/${item.id}`);
                        toast.success(t('cohorts.dissociated'));
                        await refresh();
                      } catch (failure) {
                        toastError(failure, t('cohorts.failed'));
                      }
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {!readOnly && (
        <section className="card cohort-section" aria-labelledby={`${filterId}-add`}>
          <div className="cohort-section__head">
            <h2 id={`${filterId}-add`}>{addLabel}</h2>
          </div>
          <div className="field">
            <label htmlFor={filterId} className="sr-only">
              {t('table.search')}
            </label>
            <input
              id={filterId}
              type="search"
              className="field__input"
              placeholder={t('table.search')}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
          {options.length === 0 ? (
            <p className="cohort-empty">{t('cohorts.nothingToAdd')}</p>
          ) : (
            <fieldset className="cohort-picker">
              <legend className="sr-only">{addLabel}</legend>
              {options.map((option) => (
                <label key={option.id}>
                  <input
                    type="checkbox"
                    checked={picked.has(option.id)}
                    onChange={(event) => {
                      const next = new Set(picked);
                      if (event.target.checked) next.add(option.id);
                      else next.delete(option.id);
                      setPicked(next);
                    }}
                  />
                  <span className="cohort-list__text">
                    <strong>{option.label}</strong>
                    {option.detail && <span>{option.detail}</span>}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="cohort-form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={picked.size === 0 || assign.isPending}
              onClick={() => assign.mutate([...picked])}
            >
              <Plus size={16} aria-hidden="true" />
              {t('cohorts.assignSelected', { count: picked.size })}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
