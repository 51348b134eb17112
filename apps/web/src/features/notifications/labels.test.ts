import { DELIVERIES, NOTIFICATION_TYPES } from '@skolar/shared';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../i18n/catalogues.ts';
import { LOCALES } from '../../i18n/locale.ts';

/** The notification centre's texts of a language. */
const texts = (locale: (typeof LOCALES)[number]) =>
  (CATALOGUES[locale] as { notifications: Record<string, Record<string, unknown>> }).notifications;

describe('the notification centre’s labels', () => {
  it.each(LOCALES)('%s names every type of notification the API may send', (locale) => {
    for (const type of NOTIFICATION_TYPES) {
      expect(texts(locale).types?.[type], `${locale}: ${type}`).toEqual(expect.any(String));
    }
  });

  it.each(LOCALES)('%s names and explains every delivery', (locale) => {
    const preferences = texts(locale).preferences as Record<string, Record<string, unknown>>;
    for (const delivery of DELIVERIES) {
      expect(preferences.delivery?.[delivery], `${locale}: ${delivery}`).toEqual(
        expect.any(String),
      );
      expect(preferences.deliveryHint?.[delivery], `${locale}: ${delivery}`).toEqual(
        expect.any(String),
      );
    }
  });
});
