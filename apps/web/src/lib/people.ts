import type { TFunction } from 'i18next';

interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * A student as a marker reads them: "Last First", or, at a blind-marked project before its
 * students are revealed, their participant number (the API sends it as the id, with no name).
 */
export function studentLabel(person: Person, blind: boolean, t: TFunction): string {
  return blind
    ? t('marking.participant', { number: person.id })
    : `${person.last_name} ${person.first_name}`;
}
