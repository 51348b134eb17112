import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validationFailed } from '../http/errors.ts';

/**
 * The 10,000 most common passwords (lower-cased), generated once from @zxcvbn-ts/language-common 4.x (not a dependency)
 * into common-passwords.txt, which ships with the code (build.mjs copies it next to server.js).
 */
function load(): ReadonlySet<string> {
  const file = fileURLToPath(new URL('./common-passwords.txt', import.meta.url));
  if (!existsSync(file)) throw new Error(`common password list missing at ${file}`);
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

let list: ReadonlySet<string> | undefined;

/** True when the password, its case ignored, is one of the 10,000 most common. */
export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.toLowerCase());
}

/** How many entries the list holds (a test checks it). */
export function commonPasswordCount(): number {
  list ??= load();
  return list.size;
}

/** Who a password is for: their names and address, and their institution's name. */
export interface PasswordContext {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  institution_name?: string | null;
}

/** Lower case without accents, so that `Élodie` and `elodie` are one word. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of four letters or more in a text. */
function wordsOf(text: string | null | undefined): string[] {
  return fold(text ?? '').match(/\p{L}{4,}/gu) ?? [];
}

/**
 * The words a password may not contain (ASVS 6.2.11): Skolar's name and the context's names,
 * address (its part before @ whole and word by word, its domain's words) and institution name.
 */
export function contextWords(context: PasswordContext): string[] {
  const [local = '', domain = ''] = fold(context.email ?? '').split('@');
  const words = [
    'skolar',
    ...wordsOf(context.first_name),
    ...wordsOf(context.last_name),
    ...(local.length >= 4 ? [local] : []),
    ...wordsOf(local),
    ...wordsOf(domain.split('.').slice(0, -1).join(' ')),
    ...wordsOf(context.institution_name),
  ];
  return [...new Set(words)];
}

/** True when the password, case and accents ignored, contains one of the context's words. */
export function usesContextWord(password: string, context: PasswordContext): boolean {
  const folded = fold(password);
  return contextWords(context).some((word) => folded.includes(word));
}

/**
 * The server-side checks the shared schema cannot make: not one of the common passwords, and
 * none of the words of its owner's context (Skolar, their names and address, their institution).
 */
export function refuseWeakPassword(password: string, context: PasswordContext): void {
  if (isCommonPassword(password)) {
    throw validationFailed({ password: ['account.rules.passwordCommon'] });
  }
  if (usesContextWord(password, context)) {
    throw validationFailed({ password: ['account.rules.passwordPersonal'] });
  }
}
