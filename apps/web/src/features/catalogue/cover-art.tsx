import { type PublicInstitution, readableOn } from '@skolar/shared';
import { GraduationCap, Presentation } from 'lucide-react';

/** The placeholder's badge, light in both themes so every logo keeps its own colours. */
const BADGE = '#FFFFFF';

type CoverInstitution = Pick<PublicInstitution, 'name' | 'diminutive' | 'color_code' | 'logo_link'>;

/** The letters standing for an institution without a logo: its short name, else its initials. */
function institutionInitials({ name, diminutive }: CoverInstitution): string {
  if (diminutive?.trim()) return diminutive.trim().slice(0, 4);
  const capitals = name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word[0]);
  return (capitals.length ? capitals : [name.trim()[0] ?? '']).slice(0, 3).join('');
}

/**
 * What fills a cover area (a card's or the details page's): the cover image, or without one a
 * designed placeholder under the spec's dark 40 % overlay: the institution's colour as a gradient
 * with a dotted pattern and a large faint icon, and its logo (or initials) on a light badge above.
 */
export function CoverArt({
  cover,
  institution,
  kind = 'training',
}: {
  cover?: string | null;
  institution: CoverInstitution;
  kind?: 'training' | 'seminar';
}) {
  if (cover)
    return <img src={cover} alt="" width={400} height={130} loading="lazy" decoding="async" />;
  const Icon = kind === 'seminar' ? Presentation : GraduationCap;
  return (
    <span
      className="cover-art"
      data-testid="empty-cover"
      style={{ '--institution-colour': institution.color_code } as React.CSSProperties}
    >
      <span className="training-card__overlay" />
      <Icon className="cover-art__icon" aria-hidden="true" size={120} strokeWidth={1.25} />
      <span className="cover-art__badge" aria-hidden="true">
        {institution.logo_link ? (
          <img
            src={institution.logo_link}
            alt=""
            width={38}
            height={38}
            loading="lazy"
            decoding="async"
          />
        ) : (
          // The badge is white in both themes: the letters take the colour, darkened until readable.
          <span
            className="cover-art__initials"
            style={{ color: readableOn(institution.color_code, BADGE) }}
          >
            {institutionInitials(institution)}
          </span>
        )}
      </span>
    </span>
  );
}
