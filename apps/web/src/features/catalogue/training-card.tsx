import { cardHeading, cutDescription, hoursLabel, type PublicTraining } from '@skolar/shared';
import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import './catalogue.css';

/**
 * A catalogue card (spec: 250 px wide, cover 130 px, body 220 px with centred text). Without a
 * cover the cover area is a 40 % dark overlay on the institution colour. `fullName` shows the
 * institution's full name (outside the grouped catalogue) instead of its short name.
 */
export function TrainingCard({
  training,
  fullName = false,
}: {
  training: PublicTraining;
  fullName?: boolean;
}) {
  const { institution } = training;
  const institutionLabel = fullName
    ? institution.name
    : (institution.diminutive ?? institution.name);
  return (
    <Link
      to={`/public-trainings/${training.id}`}
      className="training-card"
      style={{ '--institution-colour': institution.color_code } as React.CSSProperties}
    >
      <div className="training-card__cover">
        {training.cover_link ? (
          <img src={training.cover_link} alt="" loading="lazy" />
        ) : (
          <span className="training-card__overlay" data-testid="empty-cover" />
        )}
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
