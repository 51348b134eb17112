import type { PublicSeminar, PublicTraining } from '@skolar/shared';
import { SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import './catalogue.css';
import './formations.css';
import { usePublicSeminars } from '../../api/seminars.ts';
import { useSession } from '../../api/session.ts';
import { usePageTitle } from '../../ui/page-title.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useErrorToast } from '../../ui/toast-error.ts';
import { usePublicTrainings } from './api.ts';
import {
  type CatalogueFilters,
  filterSeminars,
  filterTrainings,
  readFilters,
} from './catalogue-search.ts';
import { FormationsFilters } from './formations-filters.tsx';
import { SeminarCard } from './seminar-card.tsx';
import { type PREVIEW_STATE, TrainingCard, TrainingCardSkeleton } from './training-card.tsx';
import { TrainingPreviewDialog } from './training-preview-dialog.tsx';

/** Typing settles this long before the search is written to the address. */
const SEARCH_DELAY_MS = 300;

/**
 * PublicFormations, open to everyone: the public trainings and seminars as one searchable list
 * (title, program, level, institution), filtered by institution and kind, in a grid of cards.
 * The search lives in the address, so going back from a training finds the list as it was left.
 * A visitor's training card opens the training's public page; a signed-in user may not open that
 * page, so their card opens the same details in a dialog over this one (`?training=<id>`).
 */
export function FormationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('public.formations.title'));
  const signedIn = useSession().user !== null;
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.q);
  const trainings = usePublicTrainings();
  const seminars = usePublicSeminars();
  useErrorToast(trainings.isError, 'trainings-error');
  useErrorToast(seminars.isError, 'seminars-error');

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // The list follows every key stroke; the address only once typing settles.
  useEffect(() => {
    const q = search.trim() ? search : '';
    if (q === filters.q) return;
    const timer = setTimeout(() => update({ q: q || null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const previewId = params.get('training');
  const closePreview = () => {
    // Opened from a card: going back closes it; opened from a shared address: drop the parameter.
    if ((location.state as Partial<typeof PREVIEW_STATE> | null)?.preview) navigate(-1);
    else update({ training: null });
  };
  const previewLink = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('training', String(id));
    return { search: `?${next}` };
  };

  const loading = trainings.isPending || seminars.isPending;
  const current: CatalogueFilters = { ...filters, q: search };
  const shownTrainings =
    current.kind === 'seminars' ? [] : filterTrainings(trainings.data ?? [], current);
  const shownSeminars =
    current.kind === 'trainings' ? [] : filterSeminars(seminars.data ?? [], current);
  const total = shownTrainings.length + shownSeminars.length;
  const catalogueEmpty = !trainings.data?.length && !seminars.data?.length;

  return (
    <div className="container page formations">
      <div className="page__header">
        <p className="page__eyebrow">{t('public.catalogue.eyebrow')}</p>
        <h1>{t('public.formations.title')}</h1>
        <p className="page__lead">{t('public.formations.intro')}</p>
      </div>
      <FormationsFilters
        search={search}
        onSearch={setSearch}
        filters={filters}
        items={[...(trainings.data ?? []), ...(seminars.data ?? [])]}
        onChange={update}
      />
      {loading ? (
        <ResultsSkeleton />
      ) : (
        <>
          <p className="formations__count" role="status">
            {t('public.formations.results', { count: total })}
          </p>
          {shownTrainings.length > 0 && (
            <ResultsSection
              id="formations-trainings"
              title={t('public.formations.trainings')}
              items={shownTrainings}
              render={(training: PublicTraining) => (
                <TrainingCard
                  training={training}
                  fullName
                  {...(signedIn && { to: previewLink(training.id), preview: true })}
                />
              )}
            />
          )}
          {shownSeminars.length > 0 && (
            <ResultsSection
              id="formations-seminars"
              title={t('public.formations.seminars')}
              items={shownSeminars}
              render={(seminar: PublicSeminar) => <SeminarCard seminar={seminar} />}
            />
          )}
          {total === 0 && (
            <div className="formations__empty">
              <SearchX aria-hidden="true" size={32} />
              <p>
                {catalogueEmpty ? t('public.formations.empty') : t('public.formations.noResults')}
              </p>
              {!catalogueEmpty && (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    setSearch('');
                    update({ q: null, institution: null, kind: null });
                  }}
                >
                  {t('public.formations.reset')}
                </button>
              )}
            </div>
          )}
        </>
      )}
      {previewId && <TrainingPreviewDialog id={Number(previewId)} onClose={closePreview} />}
    </div>
  );
}

/** One kind of result: a heading with its count and a responsive grid of cards. */
function ResultsSection<T extends { id: number }>({
  id,
  title,
  items,
  render,
}: {
  id: string;
  title: string;
  items: readonly T[];
  render: (item: T) => React.ReactNode;
}) {
  return (
    <section className="formations__section" aria-labelledby={id}>
      <h2 id={id} className="formations__section-title">
        {title}
        <span className="formations__badge">{items.length}</span>
      </h2>
      <ul className="formations__grid">
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
    </section>
  );
}

/** Placeholder cards while the lists load: two rows on a wide screen. */
const PLACEHOLDER_CARDS = 8;

/**
 * The results' place while the lists load: the count's line, a section's heading and a grid of
 * placeholder cards of the final size; busy for assistive technologies, which read that it loads.
 */
function ResultsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="formations__loading" aria-busy="true">
      <span className="sr-only">{t('public.catalogue.loading')}</span>
      <p className="formations__count" aria-hidden="true">
        <Skeleton width="6em" />
      </p>
      <div className="formations__section" aria-hidden="true">
        <div className="formations__section-title">
          <Skeleton width="7em" />
        </div>
        <div className="formations__grid">
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity.
            <div key={index}>
              <TrainingCardSkeleton />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
