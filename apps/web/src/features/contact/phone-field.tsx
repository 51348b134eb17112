import {
  type CountryLocale,
  countriesFor,
  findCountry,
  flagOf,
} from '@skolar/shared/rules/countries';
import { ChevronDown } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type PhoneFieldProps = {
  label: string;
  country: string;
  onCountryChange: (code: string) => void;
  error?: string;
  input: ComponentProps<'input'>;
};

/**
 * The phone field: a dial-code button (flag and code) that toggles the country list and closes on
 * a click outside, then the number. Picking a country sets the prefix.
 */
export function PhoneField({ label, country, onCountryChange, error, input }: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const listId = `${id}-countries`;
  const errorId = `${id}-error`;
  const locale = (i18n.resolvedLanguage ?? 'fr') as CountryLocale;
  const countries = useMemo(() => countriesFor(locale), [locale]);
  const selected = findCountry(country);
  const shown = filter
    ? countries.filter(
        (c) => c.label.toLowerCase().includes(filter.toLowerCase()) || c.dialCode.includes(filter),
      )
    : countries;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div className="field phone-field" ref={root}>
      <label htmlFor={`${id}-number`} className="field__label">
        {label}
      </label>
      <div className="phone-field__row">
        <button
          type="button"
          className="phone-field__prefix"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={t('public.contact.country', {
            country: selected ? `${selected.dialCode}` : '',
          })}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true">{selected ? flagOf(selected.code) : '🏳️'}</span>
          <span>{selected?.dialCode}</span>
          <ChevronDown aria-hidden="true" size={14} />
        </button>
        <input
          id={`${id}-number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
      </div>
      {open && (
        <div className="phone-field__dropdown">
          <input
            type="search"
            className="field__input phone-field__search"
            placeholder={t('public.contact.searchCountry')}
            aria-label={t('public.contact.searchCountry')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <ul id={listId} aria-label={t('public.contact.countries')}>
            {shown.map((c) => (
              <li key={c.code}>
                <button
                  type="button"
                  aria-current={c.code === country ? true : undefined}
                  onClick={() => {
                    onCountryChange(c.code);
                    setOpen(false);
                    setFilter('');
                  }}
                >
                  <span aria-hidden="true">{flagOf(c.code)}</span>
                  <span className="phone-field__name">{c.label}</span>
                  <span className="phone-field__dial">{c.dialCode}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
