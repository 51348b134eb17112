import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListState, PER_PAGE_OPTIONS, type PerPage } from '../lib/list-state.ts';
import './list-pager.css';

interface ListPagerProps {
  state: Pick<ListState, 'page' | 'per_page'>;
  /** How many rows the list has in all, and how many this page shows. */
  total: number;
  shown: number;
  onStateChange: (change: Partial<ListState>) => void;
  /** False when the server's page size is fixed: no "rows per page" choice. */
  choosePerPage?: boolean;
}

/** The foot of a paginated list: rows per page, the range shown, previous and next. */
export function ListPager({
  state,
  total,
  shown,
  onStateChange,
  choosePerPage = true,
}: ListPagerProps) {
  const { t } = useTranslation();
  const perPageId = useId();
  const first = total === 0 ? 0 : (state.page - 1) * state.per_page + 1;
  const last = total === 0 ? 0 : first + shown - 1;
  const pages = Math.max(1, Math.ceil(total / state.per_page));
  return (
    <div className="list-pager">
      {choosePerPage && (
        <div className="list-pager__per-page">
          <label htmlFor={perPageId}>{t('table.rowsPerPage')}</label>
          <select
            id={perPageId}
            className="field__input"
            value={state.per_page}
            onChange={(event) => onStateChange({ per_page: Number(event.target.value) as PerPage })}
          >
            {PER_PAGE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="list-pager__range" aria-live="polite">
        {t('table.range', { first, last, total })}
      </p>
      <div className="list-pager__pages">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={state.page <= 1}
          onClick={() => onStateChange({ page: state.page - 1 })}
          aria-label={t('table.previous')}
        >
          <ChevronLeft size={16} aria-hidden="true" />
        </button>
        <span>{t('table.pageOf', { page: state.page, pages })}</span>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={state.page >= pages}
          onClick={() => onStateChange({ page: state.page + 1 })}
          aria-label={t('table.next')}
        >
          <ChevronRight size={16} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
