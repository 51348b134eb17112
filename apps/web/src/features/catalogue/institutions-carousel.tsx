import { CAROUSEL } from '@skolar/shared';
import './carousel.css';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../ui/toast-error.ts';
import { usePublicInstitutions } from './api.ts';
import { InstitutionMark } from './institution-mark.tsx';

/**
 * 'They trust us': the institutions in a looping carousel that plays every 3000 ms and keeps
 * playing after the user drags it (gap 5 px, logos 50 px high). Renders once the list has loaded.
 */
export function InstitutionsCarousel() {
  const { t } = useTranslation();
  const institutions = usePublicInstitutions();
  useErrorToast(institutions.isError, 'institutions-error');
  const [viewport] = useEmblaCarousel({ loop: true, align: 'start', dragFree: false }, [
    Autoplay({ delay: CAROUSEL.autoplayMs, stopOnInteraction: false, stopOnMouseEnter: false }),
  ]);
  if (!institutions.data?.length) return null;
  // Loops need enough slides to fill the row: the list repeats until it does.
  const repeat = Math.max(1, Math.ceil(8 / institutions.data.length));
  const slides = Array.from({ length: repeat }, (_, round) =>
    institutions.data.map((institution) => ({ institution, key: `${round}-${institution.id}` })),
  ).flat();
  return (
    <div className="trust" data-testid="trust-carousel">
      <div className="trust__viewport" ref={viewport}>
        <ul className="trust__track" aria-label={t('public.home.trust.title')}>
          {slides.map(({ institution, key }, index) => (
            <li
              key={key}
              className="trust__slide"
              aria-hidden={index >= institutions.data.length ? true : undefined}
            >
              <a
                href={institution.url}
                target="_blank"
                rel="noreferrer"
                className="trust__logo"
                title={institution.name}
                tabIndex={index >= institutions.data.length ? -1 : undefined}
              >
                <InstitutionMark institution={institution} height={CAROUSEL.logoHeight} />
                <span className="trust__name">{institution.diminutive ?? institution.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
