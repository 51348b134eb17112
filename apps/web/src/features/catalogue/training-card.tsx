import { cardHeading, cutDescription, hoursLabel, type PublicTraining } from '@skolar/shared';
import { Clock } from 'lucide-react';
import { Link, type To } from 'react-router';
import { Skeleton } from '../../ui/skeleton.tsx';
import './catalogue.css';
import { CoverArt } from './cover-art.tsx';

/** The history state of a page opened as a preview from a card. */
export const PREVIEW_STATE = { preview: true } as const;

/**
 * A catalogue card (spec: 250 px wide, cover 130 px, body 220 px with centred text). Without a
 * cover the cover area is the designed placeholder under the 40 % dark overlay. `fullName` shows
 * the institution's full name (outside the grouped catalogue) instead of its short name. The card
 * opens the training's public page unless `to` says otherwise (a signed-in user may not open it).
 */
export function TrainingCard({
  training,
  fullName = false,
  to = `/public-trainings/${training.id}`,
  preview = false,
}: {
  training: PublicTraining;
  fullName?: boolean;
  to?: To;
  /** `to` opens a preview over the current page: the scroll stays, going back closes it. */
  preview?: boolean;
}) {
  const { institution } = training;
  const institutionLabel = fullName
    ? institution.name
    : (institution.diminutive ?? institution.name);
  return (
    <Link
      to={to}
      state={preview ? PREVIEW_STATE : undefined}
      preventScrollReset={preview}
      className="training-card"
      style={{ '--institution-colour': institution.color_code } as React.CSSProperties}
    >
      <div className="training-card__cover">
        <CoverArt cover={training.cover_link} institution={institution} />
      </div>
      <div className="training-card__body">
        <span className="training-card__institution">{institutionLabel}</span>
        <h3 className="training-card__heading">{cardHeading(training)}</h3>
        <span className="training-card__hours">
          <Clock aria-hidden="true" size={14} />
          {hoursLabel(training.total_hours)}
        </span>
        <p className="training-card__description">{cutDescription(training.description)}</p>
      </div>
    </Link>
  );
}

/**
 * A card's place while the catalogue loads: the same frame (250 × 352 px), a grey cover and grey
 * lines where the institution, the heading, the hours and the description will be.
 */
export function TrainingCardSkeleton() {
  return (
    <div className="training-card training-card--skeleton" aria-hidden="true">
      <Skeleton shape="block" height={130} className="training-card__cover-skeleton" />
      <div className="training-card__body">
        <span className="training-card__institution">
          <Skeleton width="5em" />
        </span>
        <span className="training-card__heading">
          <Skeleton />
          <Skeleton width="70%" />
        </span>
        <span className="training-card__hours">
          <Skeleton width="4em" />
        </span>
        <span className="training-card__description">
          <Skeleton />
          <Skeleton />
          <Skeleton width="60%" />
        </span>
      </div>
    </div>
  );
}
