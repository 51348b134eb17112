import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n/locale.ts';

/** The interface language picker of the top bar. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const id = useId();
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
            {t(`locales.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
