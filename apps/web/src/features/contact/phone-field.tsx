import * as Popover from '@radix-ui/react-popover';
import {
  type CountryLocale,
  countriesFor,
  findCountry,
  flagOf,
} from '@skolar/shared/rules/countries';
import { ChevronDown } from 'lucide-react';
import { type ComponentProps, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type PhoneFieldProps = {
  label: string;
  country: string;
  onCountryChange: (code: string) => void;
  error?: string;
  input: ComponentProps<'input'>;
};

/**
 * The phone field: a dial-code button (flag and code) that toggles the country list (a popover:
 * it closes on a click outside or Escape), then the number. Picking a country sets the prefix.
 */
export function PhoneField({ label, country, onCountryChange, error, input }: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const id = useId();
  const errorId = `${id}-error`;
  const locale = (i18n.resolvedLanguage ?? 'fr') as CountryLocale;
  const countries = useMemo(() => countriesFor(locale), [locale]);
  const selected = findCountry(country);
  const shown = filter
    ? countries.filter(
        (c) => c.label.toLowerCase().includes(filter.toLowerCase()) || c.dialCode.includes(filter),
      )
    : countries;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <div className="field phone-field">
        <label htmlFor={`${id}-number`} className="field__label">
          {label}
        </label>
        <Popover.Anchor asChild>
          <div className="phone-field__row">
            <Popover.Trigger asChild>
              <button
                type="button"
                className="phone-field__prefix"
                aria-label={t('public.contact.country', {
                  country: selected ? `${selected.dialCode}` : '',
                })}
              >
                <span aria-hidden="true">{selected ? flagOf(selected.code) : '🏳️'}</span>
                <span>{selected?.dialCode}</span>
                <ChevronDown aria-hidden="true" size={14} />
              </button>
            </Popover.Trigger>
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
        </Popover.Anchor>
        {/* Not portalled: the list stays inside the form, under the field it fills. */}
        <Popover.Content
          className="phone-field__dropdown"
          align="start"
          sideOffset={4}
          aria-label={t('public.contact.countries')}
        >
          <input
            type="search"
            className="field__input phone-field__search"
            placeholder={t('public.contact.searchCountry')}
            aria-label={t('public.contact.searchCountry')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <ul aria-label={t('public.contact.countries')}>
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
        </Popover.Content>
        {error && (
          <p id={errorId} className="field__error">
            {error}
          </p>
        )}
      </div>
    </Popover.Root>
  );
}
