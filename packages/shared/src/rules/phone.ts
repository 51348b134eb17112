import { findCountry } from './countries.ts';

/** A phone as the spec stores it: the two-letter country code followed by the number. */
export interface PhoneParts {
  country: string;
  number: string;
}

/** Stores a phone: country code + number ('fr0612345678'); '' when no number was typed. */
export function storePhone(country: string, number: string): string {
  const digits = number.trim();
  return digits ? `${country.toLowerCase()}${digits}` : '';
}

/** Splits a stored phone: 2-character country code, then the number. */
export function parsePhone(value: string): PhoneParts {
  return { country: value.slice(0, 2).toLowerCase(), number: value.slice(2) };
}

/**
 * Displays a stored phone as dial code, space, number ('+33 0612345678'). An empty value gives
 * '' and an unknown country code gives null (spec section 3).
 */
export function formatPhone(value: string): string | null {
  if (!value) return '';
  const { country, number } = parsePhone(value);
  const entry = findCountry(country);
  return entry ? `${entry.dialCode} ${number}` : null;
}

/** The dial-code form of a country and number, as a contact request carries it; '' without number. */
export function dialPhone(country: string, number: string): string {
  return formatPhone(storePhone(country, number)) ?? '';
}
