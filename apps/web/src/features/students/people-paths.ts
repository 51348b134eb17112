import type { PersonKind } from '../../api/people.ts';

/** Where the screens of a kind of person live. */
export const base = (kind: PersonKind) => (kind === 'student' ? '/students' : '/teachers');

/** The catalogue area of a kind of person's texts. */
export const ns = (kind: PersonKind) => (kind === 'student' ? 'students' : 'teachers');
