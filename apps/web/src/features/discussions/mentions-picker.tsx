import { DISCUSSION_MAX_MENTIONS } from '@skolar/shared';
import { AtSign, X } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscussionPeople } from '../../api/discussions.ts';
import { searchForm } from './text.ts';

/** Someone a post mentions; `staff` is unknown for those a post already mentioned. */
interface Mentioned {
  id: number;
  name: string;
  staff?: boolean;
}

interface MentionsPickerProps {
  /** The thread's subject: whom it lists are those who read it. None yet: the picker waits. */
  subjectId: number | undefined;
  /** The people chosen, in the order chosen. */
  value: readonly Mentioned[];
  onChange: (value: Mentioned[]) => void;
  /** The field's error, already in the reader's language. */
  error?: string;
  /** The search box (the form focuses it on an error). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The people a post mentions: those chosen, as chips each with a button that takes them off, and
 * a search box (an ARIA combobox) that lists the people who read the subject, by what is typed.
 * Arrows move in the list, Enter chooses, Escape closes it, Backspace in an empty box takes the
 * last one off. A person is chosen once; at most DISCUSSION_MAX_MENTIONS.
 */
export function MentionsPicker({
  subjectId,
  value,
  onChange,
  error,
  inputRef,
}: MentionsPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const people = useDiscussionPeople(subjectId);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const full = value.length >= DISCUSSION_MAX_MENTIONS;
  const chosen = new Set(value.map((person) => person.id));
  const wanted = searchForm(query);
  const options = (people.data ?? []).filter(
    (person) => !chosen.has(person.id) && searchForm(person.name).includes(wanted),
  );
  const expanded = open && !full && options.length > 0;
  const current = expanded ? options[Math.min(active, options.length - 1)] : undefined;

  const choose = (person: Mentioned) => {
    onChange([...value, person]);
    setQuery('');
    setActive(0);
    setOpen(false);
  };
  const remove = (person: Mentioned) => onChange(value.filter((item) => item.id !== person.id));

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
      // Closes the list, not the dialog around the form.
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Backspace' && query === '' && value.length > 0) {
      remove(value[value.length - 1]!);
    }
  };

  const waiting = subjectId === undefined;
  const status = full
    ? t('discussions.mentions.full', { count: DISCUSSION_MAX_MENTIONS })
    : !open || waiting
      ? ''
      : people.isError
        ? t('discussions.mentions.failed')
        : !people.data
          ? t('app.loading')
          : options.length === 0
            ? t('discussions.mentions.none')
            : t('discussions.mentions.found', { count: options.length });
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className={`field mentions${error ? ' field--invalid' : ''}`}>
      <label htmlFor={inputId} className="field__label mentions__label">
        <AtSign aria-hidden="true" size={16} />
        {t('discussions.mentions.label')}
      </label>
      {value.length > 0 && (
        <ul className="mentions__chips" aria-label={t('discussions.mentions.chosen')}>
          {value.map((person) => (
            <li key={person.id} className="mention-chip">
              <span className="mention-chip__name">{person.name}</span>
              <button
                type="button"
                className="mention-chip__remove"
                aria-label={t('discussions.mentions.remove', { name: person.name })}
                title={t('discussions.mentions.remove', { name: person.name })}
                onClick={() => remove(person)}
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mentions__box">
        <input
          ref={inputRef}
          id={inputId}
          className="field__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          disabled={waiting}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={current ? `${id}-option-${current.id}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          placeholder={t('discussions.mentions.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <div
          id={listId}
          role="listbox"
          className="mentions__options"
          aria-label={t('discussions.mentions.suggestions')}
          hidden={!expanded}
        >
          {expanded &&
            options.map((person) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search box drives the options from the keyboard (aria-activedescendant).
              <div
                key={person.id}
                id={`${id}-option-${person.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={person === current}
                className={`mentions__option${person === current ? ' is-active' : ''}`}
                // Keeps the focus in the box: the click then chooses.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(person)}
              >
                <span className="mentions__option-name">{person.name}</span>
                {person.staff && <span className="badge">{t('discussions.staff')}</span>}
              </div>
            ))}
        </div>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t(waiting ? 'discussions.mentions.chooseSubject' : 'discussions.mentions.hint')}
      </p>
      <p className="sr-only" role="status">
        {status}
      </p>
      {status && (full || (open && !expanded)) && (
        // What the status says, for the eyes (the status itself is heard).
        <p className="mentions__status" aria-hidden="true">
          {status}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
