import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGUES } from './catalogues.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, readStoredLocale, storeLocale } from './locale.ts';

// Catalogues are small and bundled: no loading state, no flash of untranslated text.
void i18n.use(initReactI18next).init({
  resources: {
    fr: { translation: CATALOGUES.fr },
    en: { translation: CATALOGUES.en },
    de: { translation: CATALOGUES.de },
  },
  lng: readStoredLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

i18n.on('languageChanged', (language) => {
  if (isLocale(language)) storeLocale(language);
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

export default i18n;
