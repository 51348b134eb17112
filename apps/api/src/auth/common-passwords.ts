import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
