import type { PublicInstitution } from '@skolar/shared';
import { Building2 } from 'lucide-react';

/**
 * An institution's logo mark, or a building drawn in its colour when it has no logo; `lazy` where
 * it shows below the fold (the landing's carousel, the catalogue's groups). The logo holds a
 * square's place until it is in (a mark is square as a rule), so the name beside it stays put.
 */
export function InstitutionMark({
  institution,
  height,
  lazy = false,
}: {
  institution: Pick<PublicInstitution, 'logo_link' | 'color_code' | 'name'>;
  height: number;
  lazy?: boolean;
}) {
  if (institution.logo_link) {
    return (
      <img
        src={institution.logo_link}
        alt={institution.name}
        width={height}
        height={height}
        style={{ height, width: 'auto' }}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
      />
    );
  }
  return (
    <span className="institution-mark" style={{ color: institution.color_code, height }}>
      <Building2 aria-hidden="true" size={height * 0.8} />
      <span className="sr-only">{institution.name}</span>
    </span>
  );
}
