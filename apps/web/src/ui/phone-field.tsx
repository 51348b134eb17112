import * as Popover from '@radix-ui/react-popover';
import { type CountryLocale, countriesFor, findCountry } from '@skolar/shared/rules/countries';
import {
  phoneExample,
  readPhone,
  splitInternational,
  storePhone,
} from '@skolar/shared/rules/phone';
import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Flag } from './flag.tsx';
import './phone-field.css';

interface PhoneFieldProps {
  label: string;
  /** The stored form: country code then number ('fr0612345678'); '' or null for none. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  /** The number input (react-hook-form focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
  /** A schema message (catalogue key) or, with `type: 'server'`, the API's translated text. */
  error?: FieldError;
  hint?: string;
  disabled?: boolean;
}

/** Lower-case, without accents: 'Équateur' is found by typing 'equa'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** How many options PageUp and PageDown move by. */
const PAGE = 8;

/**
 * The phone field: a button with the country's flag and dial code that opens a searchable list
 * of countries (typing filters it, the arrows move, Enter picks, Escape or a click outside closes),
 * then the number. It reads and writes the stored form, so forms keep their schemas; with no value
 * it starts on the default country (the spec's 65th entry, France).
 */
export function PhoneField({
  label,
  onChange,
  onBlur,
  name,
  ref,
  error,
  hint,
  disabled,
  value: given,
}: PhoneFieldProps) {
  const value = given ?? '';
  const { t, i18n } = useTranslation();
  const id = useId();
  const inputId = `${id}-number`;
  const listId = `${id}-list`;
  const [parts, setParts] = useState(() => readPhone(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (a form reset, loaded details) replaces what the field holds.
  if (value !== seen) {
    setSeen(value);
    if (value !== storePhone(parts.country, parts.number)) setParts(readPhone(value));
  }

  const locale = (i18n.resolvedLanguage ?? 'fr') as CountryLocale;
  const countries = useMemo(() => countriesFor(locale), [locale]);
  const selected = findCountry(parts.country);
  const selectedLabel = countries.find((c) => c.code === parts.country)?.label ?? '';

  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const picked = useRef(false);
  const numberInput = useRef<HTMLInputElement | null>(null);
  const shown = useMemo(() => {
    const wanted = fold(filter.trim());
    if (!wanted) return countries;
    // Names that start with what was typed come first, then those with a word that does.
    const rank = (c: (typeof countries)[number]) => {
      const name = fold(c.label);
      if (name.startsWith(wanted)) return 0;
      if (name.split(/[\s-]+/).some((word) => word.startsWith(wanted))) return 1;
      return name.includes(wanted) || c.dialCode.includes(wanted) || c.code === wanted ? 2 : 3;
    };
    return countries
      .map((c) => ({ c, rank: rank(c) }))
      .filter((entry) => entry.rank < 3)
      .sort((a, b) => a.rank - b.rank)
      .map((entry) => entry.c);
  }, [countries, filter]);
  const activeCountry = shown[Math.min(active, shown.length - 1)];
  const optionId = (code: string) => `${id}-option-${code}`;

  useEffect(() => {
    if (!open || !activeCountry) return;
    document.getElementById(optionId(activeCountry.code))?.scrollIntoView?.({ block: 'nearest' });
  });

  const message = error?.message && (error.type === 'server' ? error.message : t(error.message));
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const example = phoneExample(parts.country);

  function update(country: string, number: string) {
    setParts({ country, number });
    const stored = storePhone(country, number);
    setSeen(stored);
    onChange(stored);
  }

  function openChange(next: boolean) {
    setOpen(next);
    if (next) {
      setFilter('');
      setActive(
        Math.max(
          0,
          countries.findIndex((c) => c.code === parts.country),
        ),
      );
    }
  }

  function pick(code: string) {
    picked.current = true;
    update(code, parts.number);
    setOpen(false);
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    const last = shown.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      PageDown: Math.min(active + PAGE, last),
      PageUp: Math.max(active - PAGE, 0),
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeCountry) pick(activeCountry.code);
    }
  }

  return (
    <div className="field phone-field">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <Popover.Root open={open} onOpenChange={openChange}>
        <Popover.Anchor asChild>
          <div className="phone-field__row">
            <Popover.Trigger asChild>
              <button
                type="button"
                className="phone-field__prefix"
                disabled={disabled}
                aria-label={t('phone.country', {
                  country: selected ? `${selectedLabel} (${selected.dialCode})` : '',
                })}
              >
                <Flag code={parts.country} />
                <span>{selected?.dialCode}</span>
                <ChevronDown aria-hidden="true" size={16} />
              </button>
            </Popover.Trigger>
            <input
              id={inputId}
              ref={(node) => {
                numberInput.current = node;
                if (typeof ref === 'function') ref(node);
                else if (ref) ref.current = node;
              }}
              name={name}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              className="field__input"
              placeholder={example || undefined}
              value={parts.number}
              disabled={disabled}
              aria-invalid={message ? true : undefined}
              aria-describedby={describedBy || undefined}
              onChange={(event) => update(parts.country, event.target.value)}
              onBlur={() => {
                // A number pasted with its international prefix takes its country.
                const international = splitInternational(parts.number);
                if (international) update(international.country, international.number);
                onBlur?.();
              }}
            />
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            className="phone-field__dropdown"
            aria-label={t('phone.countries')}
            align="start"
            sideOffset={4}
            collisionPadding={8}
            onCloseAutoFocus={(event) => {
              // After a pick the number comes next; Escape or a click outside returns to the button.
              if (!picked.current) return;
              picked.current = false;
              event.preventDefault();
              numberInput.current?.focus();
            }}
          >
            <input
              type="text"
              role="combobox"
              className="field__input phone-field__search"
              placeholder={t('phone.search')}
              aria-label={t('phone.search')}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeCountry ? optionId(activeCountry.code) : undefined}
              autoComplete="off"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value);
                setActive(0);
              }}
              onKeyDown={onSearchKey}
            />
            {shown.length === 0 && (
              <p className="phone-field__empty" role="status">
                {t('phone.noCountry')}
              </p>
            )}
            <div
              id={listId}
              role="listbox"
              aria-label={t('phone.countries')}
              className="phone-field__list"
            >
              {shown.map((c, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the search box above drives the options from the keyboard (aria-activedescendant).
                <div
                  key={c.code}
                  id={optionId(c.code)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={c.code === parts.country}
                  data-active={c === activeCountry ? true : undefined}
                  className="phone-field__option"
                  onClick={() => pick(c.code)}
                  onPointerMove={() => setActive(index)}
                >
                  <Flag code={c.code} />
                  <span className="phone-field__name">{c.label}</span>
                  <span className="phone-field__dial">{c.dialCode}</span>
                </div>
              ))}
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}
