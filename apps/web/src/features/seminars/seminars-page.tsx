import { roleMay, type Seminar } from '@skolar/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePromotionOptions } from '../../api/promotions.ts';
import { useSeminars } from '../../api/seminars.ts';
import { useSession } from '../../api/session.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RoleLink } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { seminarAddPath, seminarEditPath, seminarPath } from './paths.ts';
import '../../ui/cohorts.css';
import './seminars.css';
import { formatPromotion } from '../../lib/format.ts';

/** `/seminars`: the seminars in scope; those who may create one pick its promotion first. */
export function SeminarsPage() {
  const { t } = useTranslation();
  usePageTitle(t('seminars.title'));
  const { user } = useSession();
  const role = user?.role ?? null;
  const [state, setState] = useListState();
  const [params, setParams] = useSearchParams();
  const promotionId = Number(params.get('promotion_id')) || undefined;
  const { data, isLoading } = useSeminars(state, promotionId);
  const columns = useMemo<ColumnDef<Seminar>[]>(
    () => [
      {
        id: 'title',
        header: t('cohorts.fields.title'),
        meta: { sortKey: 'title' },
        cell: ({ row }) => (
          <RoleLink to={seminarPath(row.original)} className="manage-name">
            {row.original.title}
          </RoleLink>
        ),
      },
      {
        id: 'promotion_name',
        header: t('cohorts.fields.promotion'),
        meta: { sortKey: 'promotion_name', priority: 2 },
        cell: ({ row }) => row.original.promotion_name,
      },
      {
        id: 'nb_episodes',
        header: t('seminars.fields.nbEpisodes'),
        meta: { sortKey: 'nb_episodes', numeric: true, priority: 3 },
        cell: ({ row }) => row.original.nb_episodes,
      },
      {
        id: 'visibility',
        header: t('cohorts.fields.visibility'),
        meta: { sortKey: 'visibility', fit: true },
        cell: ({ row }) => (
          <StatusBadge
            archived={row.original.archived_at !== null}
            label={t(`trainings.visibility.${row.original.visibility}`)}
          />
        ),
      },
      {
        id: 'actions',
        header: t('cohorts.actions'),
        cell: ({ row }) => (
          <RowActions
            area="cohorts"
            name={row.original.title}
            can={row.original.can}
            archived={row.original.archived_at !== null}
            view={seminarPath(row.original)}
            edit={seminarEditPath(row.original)}
            apiPath={`/api/seminars/${row.original.id}`}
            invalidate={[['seminar']]}
            deletable
          />
        ),
      },
    ],
    [t],
  );
  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('promotion_id', id);
    else next.delete('promotion_id');
    next.delete('page');
    setParams(next);
  };
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('seminars.eyebrow')} title={t('seminars.title')} />
      {role && roleMay(role, 'list', 'promotion') && (
        <PromotionFilter
          value={promotionId}
          onChange={choose}
          canCreate={roleMay(role, 'create', 'seminar')}
        />
      )}
      <DataTable
        caption={t('seminars.title')}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t('seminars.empty')}
        archivable
      />
    </div>
  );
}

/** The promotion whose seminars are listed, and where a new one goes. */
function PromotionFilter({
  value,
  onChange,
  canCreate,
}: {
  value: number | undefined;
  onChange: (id: string) => void;
  canCreate: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const promotions = usePromotionOptions();
  const chosen = promotions.data?.find((promotion) => promotion.id === value);
  return (
    <div className="seminar-toolbar">
      <div className="field">
        <label htmlFor={id} className="field__label">
          {t('cohorts.fields.promotion')}
        </label>
        <select
          id={id}
          className="field__input"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('seminars.allPromotions')}</option>
          {promotions.data?.map((promotion) => (
            <option key={promotion.id} value={promotion.id}>
              {formatPromotion(promotion, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      {canCreate &&
        (chosen ? (
          <Link
            to={seminarAddPath(chosen.program_id, chosen.id)}
            className="button button--primary"
          >
            <Plus size={16} aria-hidden="true" />
            {t('seminars.add')}
          </Link>
        ) : (
          <p className="cohort-muted">{t('seminars.pickPromotion')}</p>
        ))}
    </div>
  );
}
