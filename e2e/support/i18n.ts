import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Catalogue = { [key: string]: string | Catalogue };
const root = path.resolve(import.meta.dirname, '../../apps/web/src/i18n');

/** The app's own catalogue of a language (its area files merged), so copy edits break no test. */
export function catalogue(locale: 'fr' | 'en' | 'de'): Catalogue {
  const folder = path.join(root, locale);
  return Object.assign(
    {},
    ...readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Catalogue),
  );
}

/** The text of a dotted key, with `{{name}}` placeholders filled. */
export function text(
  locale: 'fr' | 'en' | 'de',
  key: string,
  values: Record<string, string> = {},
): string {
  let node: string | Catalogue | undefined = catalogue(locale);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No text for ${locale}:${key}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}
