import { Languages } from 'lucide-react';
import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n/locale.ts';

const NARROW = '(max-width: 639px)';
const canMatch = () => typeof window.matchMedia === 'function';
const subscribe = (change: () => void) => {
  if (!canMatch()) return () => undefined;
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
/** True on a phone-sized screen, where the top bar has room for a two-letter code only. */
const useNarrowScreen = () =>
  useSyncExternalStore(
    subscribe,
    () => canMatch() && window.matchMedia(NARROW).matches,
    () => false,
  );

/** The interface language picker of the top bar (its language names fold to codes on a phone). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const narrow = useNarrowScreen();
  return (
    <div className="language-menu">
      <label htmlFor={id} className="sr-only">
        {t('chrome.language')}
      </label>
      <Languages aria-hidden="true" size={18} className="language-menu__icon" />
      <select
        id={id}
        className="language-menu__select"
        value={i18n.resolvedLanguage}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {narrow ? locale.toUpperCase() : t(`locales.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
