import type { QuestionBody } from '@skolar/shared';
import type { MessageKey } from '../../i18n/messages.ts';

/** How an import names true and false, in the language of the teacher who imports. */
export interface TrueFalseLabels {
  true: string;
  false: string;
}

/**
 * One question read from a file (GIFT or Moodle XML): the line where it starts (1-based), the
 * question as it will be stored, or, when the file's text cannot make one, why, as a message key
 * the import translates into the teacher's language. `category` is the file's category the
 * question stands in (GIFT `$CATEGORY:`, Moodle XML's category question), null before any.
 */
export type ReadQuestion =
  | { line: number; question: QuestionBody; problem: null; category: string | null }
  | { line: number; question: null; problem: MessageKey; category: string | null };
