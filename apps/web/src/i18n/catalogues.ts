import { LOCALES, type Locale } from './locale.ts';

export type Catalogue = { [key: string]: string | Catalogue };

// One folder per language, one file per area of the product (core, public, account, admin…):
// areas are edited independently and merged here into one catalogue per language.
const files = import.meta.glob<Catalogue>('./*/*.json', { eager: true, import: 'default' });

/** The files of one language, by file name. */
export function cataloguesFiles(locale: Locale): Record<string, Catalogue> {
  return Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`./${locale}/`))
      .map(([path, content]) => [path.slice(locale.length + 3), content]),
  );
}

/** The whole catalogue of a language: its area files side by side (their top-level keys differ). */
function catalogueOf(locale: Locale): Catalogue {
  return Object.assign({}, ...Object.values(cataloguesFiles(locale)));
}

export const CATALOGUES = Object.fromEntries(LOCALES.map((l) => [l, catalogueOf(l)])) as Record<
  Locale,
  Catalogue
>;
