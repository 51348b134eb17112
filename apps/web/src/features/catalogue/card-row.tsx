import type { PublicTraining } from '@skolar/shared';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayOpen } from '../../ui/role-link.tsx';
import { TrainingCard, TrainingCardSkeleton } from './training-card.tsx';

/** Placeholder cards in a row while it loads: more than a wide screen shows, the rest is cut. */
const PLACEHOLDER_CARDS = 5;

/**
 * A horizontal, free-scrolling, non-looping row of cards (Embla), with previous/next buttons. A
 * card opens the training's public page, which is for visitors: a signed-in user (the landing page
 * at /condition-utilisateur) gets its preview on /public-formations instead (decision 102).
 */
export function CardRow({
  trainings,
  label,
  fullName = false,
}: {
  trainings: readonly PublicTraining[];
  label: string;
  fullName?: boolean;
}) {
  const { t } = useTranslation();
  const mayOpen = useMayOpen();
  const [viewport, embla] = useEmblaCarousel({
    loop: false,
    dragFree: true,
    align: 'start',
    containScroll: 'trimSnaps',
  });
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    if (!embla) return;
    const update = () => setScrollable(embla.canScrollNext() || embla.canScrollPrev());
    update();
    embla.on('reInit', update).on('resize', update);
    return () => {
      embla.off('reInit', update).off('resize', update);
    };
  }, [embla]);
  return (
    <div className="card-row">
      <section className="card-row__viewport" ref={viewport} aria-label={label}>
        <ul className="card-row__track">
          {trainings.map((training) => (
            <li key={training.id} className="card-row__slide">
              <TrainingCard
                training={training}
                fullName={fullName}
                {...(!mayOpen(`/public-trainings/${training.id}`) && {
                  to: `/public-formations?training=${training.id}`,
                })}
              />
            </li>
          ))}
        </ul>
      </section>
      <div className="card-row__controls" hidden={!scrollable}>
        <button
          type="button"
          className="icon-button"
          aria-label={t('public.catalogue.previous')}
          onClick={() => embla?.scrollPrev()}
        >
          <ChevronLeft aria-hidden="true" size={18} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('public.catalogue.next')}
          onClick={() => embla?.scrollNext()}
        >
          <ChevronRight aria-hidden="true" size={18} />
        </button>
      </div>
    </div>
  );
}

/** A row's place while the trainings load: placeholder cards, and the controls' row kept empty. */
export function CardRowSkeleton() {
  return (
    <div className="card-row" aria-hidden="true">
      <div className="card-row__viewport">
        <div className="card-row__track">
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity.
            <div key={index} className="card-row__slide">
              <TrainingCardSkeleton />
            </div>
          ))}
        </div>
      </div>
      <div className="card-row__controls" />
    </div>
  );
}
