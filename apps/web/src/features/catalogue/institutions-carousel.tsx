import { CAROUSEL } from '@skolar/shared';
import './carousel.css';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../ui/toast-error.ts';
import { usePublicInstitutions } from './api.ts';
import { InstitutionMark } from './institution-mark.tsx';

/** Whether the slides, side by side with the carousel's gap, fit in the viewport. */
function slidesFit(viewport: HTMLElement): boolean {
  const slides = [...viewport.querySelectorAll<HTMLElement>('.trust__slide')];
  const width = slides.reduce((sum, slide) => sum + slide.offsetWidth, 0);
  return width + CAROUSEL.gap * (slides.length - 1) <= viewport.clientWidth;
}

/**
 * 'They trust us': each institution once, logos 50 px high, gap 5 px. When they overflow the row,
 * a looping carousel plays every 3000 ms and keeps playing after a drag; when they all fit, they
 * stand still and centred (a loop of too few slides would show the same logos twice). Renders once
 * the list has loaded.
 */
export function InstitutionsCarousel() {
  const { t } = useTranslation();
  const institutions = usePublicInstitutions();
  useErrorToast(institutions.isError, 'institutions-error');
  const [fits, setFits] = useState(true);
  const viewportElement = useRef<HTMLDivElement | null>(null);
  const [emblaRef] = useEmblaCarousel({ loop: true, align: 'start', active: !fits }, [
    Autoplay({ delay: CAROUSEL.autoplayMs, stopOnInteraction: false, stopOnMouseEnter: false }),
  ]);
  const count = institutions.data?.length ?? 0;

  useLayoutEffect(() => {
    const viewport = viewportElement.current;
    if (!viewport || count === 0) return;
    const measure = () => setFits(slidesFit(viewport));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    for (const slide of viewport.querySelectorAll('.trust__slide')) observer.observe(slide);
    return () => observer.disconnect();
  }, [count]);

  if (!institutions.data?.length) return null;
  return (
    <div className={fits ? 'trust trust--still' : 'trust'} data-testid="trust-carousel">
      <div
        className="trust__viewport"
        ref={(element) => {
          viewportElement.current = element;
          emblaRef(element);
        }}
      >
        <ul className="trust__track" aria-label={t('public.home.trust.title')}>
          {institutions.data.map((institution) => (
            <li key={institution.id} className="trust__slide">
              <a
                href={institution.url}
                target="_blank"
                rel="noreferrer"
                className="trust__logo"
                title={institution.name}
              >
                <InstitutionMark institution={institution} height={CAROUSEL.logoHeight} lazy />
                <span className="trust__name">{institution.diminutive ?? institution.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
