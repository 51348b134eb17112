import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import { DIAL_CODES } from './dial-codes.ts';

export type CountryLocale = 'fr' | 'en' | 'de';

/** One entry of the contact form's country list: name, two-letter code, dial code (decision 9). */
export interface Country {
  /** ISO 3166-1 alpha-2, lowercase. */
  code: string;
  /** '+33'; North American territories carry their area code: '+1-684'. */
  dialCode: string;
  /** The French name (the list's order); `countryName` gives the other languages. */
  name: string;
}

type Names = Record<string, string | string[]>;
const NAMES: Record<CountryLocale, Names> = {
  fr: fr.countries as Names,
  en: en.countries as Names,
  de: de.countries as Names,
};

/**
 * Entries left out of the list: Antarctica, Åland and the Caribbean Netherlands have no dial plan
 * of their own (they use +672 territories, Finland's +358 and Curaçao's +599). With them out the
 * French-sorted list has France as its 65th entry, the spec's default (docs/decisions.md).
 */
const LEFT_OUT = new Set(['aq', 'ax', 'bq']);

/** The name of a country in a language ('' for an unknown code). */
export function countryName(code: string, locale: CountryLocale = 'fr'): string {
  const name = NAMES[locale][code.toUpperCase()];
  return (Array.isArray(name) ? name[0] : name) ?? '';
}

/** About 240 countries, sorted by French name (French is the default language). */
export const COUNTRIES: readonly Country[] = Object.entries(DIAL_CODES)
  .filter(([code]) => !LEFT_OUT.has(code) && countryName(code) !== '')
  .map(([code, dialCode]) => ({ code, dialCode, name: countryName(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'fr'));

/** The spec: the default country is the 65th entry of the list (France). */
export const DEFAULT_COUNTRY: Country = COUNTRIES[64]!;

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

/** The entry of a two-letter code (any case), or null. */
export function findCountry(code: string): Country | null {
  return BY_CODE.get(code.toLowerCase()) ?? null;
}

/** The list sorted for a language, for pickers shown in that language. */
export function countriesFor(locale: CountryLocale): Array<Country & { label: string }> {
  return COUNTRIES.map((country) => ({
    ...country,
    label: countryName(country.code, locale),
  })).sort((a, b) => a.label.localeCompare(b.label, locale));
}
