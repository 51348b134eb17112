import type { AssignmentAnswer } from '@skolar/shared';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2Off, Plus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AssignmentUrl, callUrl } from '../api/client.ts';
import './cohorts.css';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { TruncatedText } from './truncated-text.tsx';
import { useAssignment } from './use-assignment.ts';

interface AssignmentPanelProps {
  /** `/api/<things>/:id/<others>`. */
  path: AssignmentUrl;
  title: string;
  empty: string;
  addLabel: string;
  /** Query keys refreshed after a change, besides the panel's own. */
  invalidate?: readonly QueryKey[];
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
    queryFn: () => callUrl<AssignmentAnswer>('GET', path),
  });
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const filterId = useId();
  const { assign, dissociate } = useAssignment<AssignmentAnswer>({
    path,
    invalidate: [queryKey, ...invalidate],
    texts: {
      assigned: t('cohorts.assigned'),
      dissociated: t('cohorts.dissociated'),
      failed: t('cohorts.failed'),
    },
    onAssigned: (answer) => {
      client.setQueryData(queryKey, answer);
      setPicked(new Set());
    },
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
                  {item.detail && <TruncatedText>{item.detail}</TruncatedText>}
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
                    onConfirm={() => dissociate(item.id)}
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
                    {option.detail && (
                      // In a label nothing else may take the focus: the hover shows the full value.
                      <span className="cohort-list__cut" title={option.detail}>
                        {option.detail}
                      </span>
                    )}
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
