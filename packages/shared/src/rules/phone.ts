import {
  type CountryCode,
  getExampleNumber,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { type Country, DEFAULT_COUNTRY, findCountry } from './countries.ts';

/** A phone as the spec stores it: the two-letter country code followed by the number. */
export interface PhoneParts {
  country: string;
  number: string;
}

/** The separators people type inside a number; they are not stored. */
const SEPARATORS = /[\s.()-]/g;

/**
 * Stores a phone: country code + number without its separators ('fr0612345678'); '' when no
 * number was typed. Other characters are kept so the server can reject them.
 */
export function storePhone(country: string, number: string): string {
  const digits = number.replace(SEPARATORS, '');
  return digits ? `${country.toLowerCase()}${digits}` : '';
}

/** Splits a stored phone: 2-character country code, then the number. */
export function parsePhone(value: string): PhoneParts {
  return { country: value.slice(0, 2).toLowerCase(), number: value.slice(2) };
}

/** The area code a North American territory carries after its dial code ('684' in '+1-684'). */
function areaCodeOf(entry: Country): string {
  return entry.dialCode.split('-')[1] ?? '';
}

/** The number as libphonenumber reads it for the country, or undefined (unsupported, not a number). */
function readNumber(entry: Country, number: string): PhoneNumber | undefined {
  const code = entry.code.toUpperCase();
  if (!isSupportedCountry(code)) return undefined;
  const parsed = parsePhoneNumberFromString(number, code as CountryCode);
  const sameCountry = parsed && `+${parsed.countryCallingCode}` === entry.dialCode.split('-')[0];
  return sameCountry && parsed.isPossible() ? parsed : undefined;
}

/** The digits after the dial code, grouped as the country writes them, area code left out. */
function groupedAfterDialCode(entry: Country, parsed: PhoneNumber): string {
  const grouped = parsed.formatInternational().replace(/^\+\d+\s*/, '');
  const area = areaCodeOf(entry);
  return area && grouped.startsWith(area) ? grouped.slice(area.length).trim() : grouped;
}

/**
 * Displays a stored phone as dial code, space, national number without its trunk zero, grouped
 * the way the country writes it ('fr0635904844' → '+33 6 35 90 48 44'; Italy keeps its leading 0).
 * A number libphonenumber cannot read shows its digits with one leading 0 removed. An empty value
 * gives '' and an unknown country code gives null (the spec's cases).
 */
export function formatPhone(value: string): string | null {
  if (!value) return '';
  const { country, number } = parsePhone(value);
  const entry = findCountry(country);
  if (!entry) return null;
  const digits = number.replace(SEPARATORS, '');
  const parsed = readNumber(entry, digits);
  const national = parsed ? groupedAfterDialCode(entry, parsed) : digits.replace(/^0/, '');
  return `${entry.dialCode} ${national}`;
}

/**
 * The dial-code form of a stored phone, as a contact request carries it ('+33 6 12 34 56 78'); ''
 * without a number or with an unknown country code.
 */
export function dialPhone(value: string): string {
  return formatPhone(value) ?? '';
}

/**
 * Reads a stored phone for the phone field: its country (the default one when the value is empty
 * or its code unknown) and the number as people type it there ('de0301234567' → '030 1234567'). A
 * number written with its international prefix ('+49 30 123456') takes the country it names.
 */
export function readPhone(value: string): PhoneParts {
  const international = splitInternational(value);
  if (international) return international;
  const { country, number } = parsePhone(value);
  const entry = value ? findCountry(country) : null;
  if (!entry) return { country: DEFAULT_COUNTRY.code, number: value };
  const parsed = areaCodeOf(entry) ? undefined : readNumber(entry, number.replace(SEPARATORS, ''));
  return { country, number: parsed ? parsed.formatNational() : number };
}

/**
 * A number typed with its international prefix ('+49 30 123456', '0049…') as the country of the
 * list it belongs to and its national number; null when it is not one.
 */
export function splitInternational(text: string): PhoneParts | null {
  const trimmed = text.trim().replace(/^00/, '+');
  if (!trimmed.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  // A number no country claims yet (incomplete, reserved) goes to the dial code's main country.
  const country = parsed?.country ?? parsed?.getPossibleCountries()[0];
  const entry = country ? findCountry(country) : null;
  if (!parsed || !entry) return null;
  const area = areaCodeOf(entry);
  const national = parsed.nationalNumber;
  return {
    country: entry.code,
    number: area && national.startsWith(area) ? national.slice(area.length) : national,
  };
}

/** An example number of a country as people type it there ('06 12 34 56 78'); '' when none. */
export function phoneExample(country: string): string {
  const entry = findCountry(country);
  const code = entry?.code.toUpperCase() ?? '';
  if (!entry || !isSupportedCountry(code)) return '';
  const example = getExampleNumber(code as CountryCode, examples);
  if (!example) return '';
  return areaCodeOf(entry) ? groupedAfterDialCode(entry, example) : example.formatNational();
}
