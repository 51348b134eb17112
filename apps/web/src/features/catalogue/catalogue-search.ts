import type { PublicInstitution, PublicSeminar, PublicTraining } from '@skolar/shared';

/** Which part of the public catalogue is shown. */
export const CATALOGUE_KINDS = ['all', 'trainings', 'seminars'] as const;
type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** The catalogue's search and filters, as the address keeps them (`?q=&institution=&kind=`). */
export interface CatalogueFilters {
  q: string;
  institution: number | null;
  kind: CatalogueKind;
}

/** The filters read from the address; anything unknown counts as 'no filter'. */
export function readFilters(params: URLSearchParams): CatalogueFilters {
  const institution = Number(params.get('institution'));
  const kind = params.get('kind');
  return {
    q: params.get('q') ?? '',
    institution: Number.isInteger(institution) && institution > 0 ? institution : null,
    kind: CATALOGUE_KINDS.find((known) => known === kind) ?? 'all',
  };
}

/** Lower case without accents, so 'ecole' finds 'École' and 'hoch' finds 'Hochschule'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Every word of the search appears somewhere in the fields (an empty search matches all). */
function matches(search: string, fields: readonly (string | null)[]): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const text = fold(fields.filter(Boolean).join(' '));
  return words.every((word) => text.includes(word));
}

const institutionFields = (institution: PublicInstitution) => [
  institution.name,
  institution.diminutive,
];

/** The trainings matching the search (title, program, level, institution) and the institution. */
export function filterTrainings(
  trainings: readonly PublicTraining[],
  { q, institution }: CatalogueFilters,
): PublicTraining[] {
  return trainings.filter(
    (training) =>
      (institution === null || training.institution.id === institution) &&
      matches(q, [
        training.title,
        training.program,
        training.level,
        ...institutionFields(training.institution),
      ]),
  );
}

/** The seminars matching the search (title, promotion, institution) and the institution. */
export function filterSeminars(
  seminars: readonly PublicSeminar[],
  { q, institution }: CatalogueFilters,
): PublicSeminar[] {
  return seminars.filter(
    (seminar) =>
      (institution === null || seminar.institution.id === institution) &&
      matches(q, [
        seminar.title,
        seminar.promotion_name,
        ...institutionFields(seminar.institution),
      ]),
  );
}

/** The institutions that have something in the catalogue, once each, by name in the language. */
export function catalogueInstitutions(
  items: readonly { institution: PublicInstitution }[],
  locale: string,
): PublicInstitution[] {
  const byId = new Map(items.map(({ institution }) => [institution.id, institution]));
  const collator = new Intl.Collator(locale);
  return [...byId.values()].sort((a, b) => collator.compare(a.name, b.name));
}
