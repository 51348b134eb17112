import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './catalogues.ts';
import { catalogue as french } from './fr.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, readStoredLocale, storeLocale } from './locale.ts';

// The default language is bundled: no loading state, no flash of untranslated text. The others
// are one chunk each, loaded before the first render when stored, or before a switch (i18next
// changes language once the backend has answered): the first page's bundle carries one language.
const OTHER_LANGUAGES: Partial<Record<string, () => Promise<Catalogue>>> = {
  en: () => import('./en.ts').then((module) => module.catalogue),
  de: () => import('./de.ts').then((module) => module.catalogue),
};

const otherLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = OTHER_LANGUAGES[language];
    if (!load) return callback(null, {});
    load().then(
      (catalogue) => callback(null, catalogue),
      (error: Error) => callback(error, null),
    );
  },
};

/** Settles once the stored language's catalogue is in (at once for the default language). */
export const i18nReady = i18n
  .use(otherLanguages)
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LOCALE]: { translation: french } },
    partialBundledLanguages: true,
    lng: readStoredLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    initAsync: false,
    interpolation: { escapeValue: false },
    // A component shown before the rest of the French catalogue arrived renders again with it.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });

let signedIn: Promise<void> | null = null;
/**
 * Loads the French areas of the signed-in pages (fr-signed-in.ts) once; the router awaits it
 * before such a page, main.tsx starts it after the first render.
 */
export function loadSignedInTexts(): Promise<void> {
  signedIn ??= import('./fr-signed-in.ts').then((module) => {
    i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', module.catalogue, true, false);
  });
  return signedIn;
}

i18n.on('languageChanged', (language) => {
  if (isLocale(language)) storeLocale(language);
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

export default i18n;
