import type { ContactList } from '@skolar/shared';
import { X } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContacts } from '../../api/messages.ts';

/** Someone the reader may write to. */
export type Contact = ContactList['data'][number];

/** How long the picker waits after a key before asking the server (ms). */
const SEARCH_DELAY_MS = 250;

/** The value, once it has stayed the same for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

interface RecipientsPickerProps {
  /** The people chosen, in the order chosen. */
  value: readonly Contact[];
  onChange: (value: Contact[]) => void;
  /** How many may be chosen. */
  max: number;
  /** The field's error, already in the reader's language. */
  error?: string;
  /** The search box (the form focuses it on an error). */
  inputRef?: Ref<HTMLInputElement>;
  /** Tells whether the list of suggestions is open (Escape then closes it, not the dialog). */
  onExpandedChange?: (expanded: boolean) => void;
}

/**
 * The recipients of a new message: the people chosen, as chips each with a button that removes
 * them, and a search box (an ARIA combobox) that suggests the reader's contacts by name; arrows
 * move in the suggestions, Enter chooses, Escape closes them, Backspace in an empty box removes
 * the last person. Once `max` are chosen, the box says so instead of suggesting.
 */
export function RecipientsPicker({
  value,
  onChange,
  max,
  error,
  inputRef,
  onExpandedChange,
}: RecipientsPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const full = value.length >= max;
  const contacts = useContacts(search, open && !full);
  const chosen = new Set(value.map((contact) => contact.id));
  const options = (contacts.data ?? []).filter((contact) => !chosen.has(contact.id));
  const expanded = open && !full && options.length > 0;
  const current = expanded ? options[Math.min(active, options.length - 1)] : undefined;

  useEffect(() => onExpandedChange?.(open), [open, onExpandedChange]);
  // A new list of suggestions starts at its first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer, not each render.
  useEffect(() => setActive(0), [contacts.data]);

  const choose = (contact: Contact) => {
    onChange([...value, contact]);
    setQuery('');
    setOpen(false);
  };
  const remove = (contact: Contact) => onChange(value.filter((item) => item.id !== contact.id));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (options.length > 0) setActive((at) => (at + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // Never sends the form from the search box.
      event.preventDefault();
      if (current) choose(current);
    } else if (event.key === 'Escape' && open) {
      setOpen(false);
    } else if (event.key === 'Backspace' && query === '' && value.length > 0) {
      remove(value[value.length - 1]!);
    }
  };

  const status = full
    ? t('messages.picker.full', { max })
    : !open || search !== query.trim()
      ? ''
      : contacts.isError
        ? t('messages.picker.failed')
        : !contacts.data
          ? t('app.loading')
          : options.length === 0
            ? t('messages.picker.none')
            : t('messages.picker.found', { count: options.length });
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="field recipients">
      <label htmlFor={inputId} className="field__label">
        {t('messages.form.to')}
      </label>
      {value.length > 0 && (
        <ul className="recipients__chips" aria-label={t('messages.picker.chosen')}>
          {value.map((contact) => (
            <li key={contact.id} className="recipient-chip">
              <span className="recipient-chip__name">{contact.name}</span>
              {contact.staff && ' '}
              {contact.staff && <span className="sr-only">({t('messages.staff')})</span>}
              <button
                type="button"
                className="recipient-chip__remove"
                aria-label={t('messages.picker.remove', { name: contact.name })}
                title={t('messages.picker.remove', { name: contact.name })}
                onClick={() => remove(contact)}
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="recipients__box">
        <input
          ref={inputRef}
          id={inputId}
          className="field__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={current ? `${id}-option-${current.id}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <div
          id={listId}
          role="listbox"
          className="recipients__options"
          aria-label={t('messages.picker.suggestions')}
          hidden={!expanded}
        >
          {expanded &&
            options.map((contact) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search box drives the options from the keyboard (aria-activedescendant).
              <div
                key={contact.id}
                id={`${id}-option-${contact.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={contact === current}
                className={`recipients__option${contact === current ? ' is-active' : ''}`}
                // Keeps the focus in the box: the click then chooses.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(contact)}
              >
                <span className="recipients__option-name">{contact.name}</span>
                {contact.staff && <span className="badge">{t('messages.staff')}</span>}
              </div>
            ))}
        </div>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('messages.picker.hint', { max })}
      </p>
      <p className="sr-only" role="status">
        {status}
      </p>
      {status && (full || (open && !expanded)) && (
        // What the status says, for the eyes (the status itself is heard).
        <p className="recipients__status" aria-hidden="true">
          {status}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
