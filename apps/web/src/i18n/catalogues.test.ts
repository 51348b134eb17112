import { describe, expect, it } from 'vitest';
import { CATALOGUES, type Catalogue, cataloguesFiles } from './catalogues.ts';
import { LOCALES } from './locale.ts';

/** Every leaf key of a catalogue, dotted, with its text. */
function leaves(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const catalogues = CATALOGUES as Record<string, Catalogue>;
const reference = leaves(CATALOGUES.fr);

describe('translation catalogues', () => {
  it.each(Object.keys(catalogues))('%s has exactly the keys of every other catalogue', (name) => {
    const keys = [...leaves(catalogues[name]!).keys()].sort();
    for (const [otherName, other] of Object.entries(catalogues)) {
      expect(keys, `${name} vs ${otherName}`).toEqual([...leaves(other).keys()].sort());
    }
  });

  it.each(Object.keys(catalogues))('%s has no empty text and the placeholders of fr', (name) => {
    for (const [key, text] of leaves(catalogues[name]!)) {
      expect(text.trim(), `${name}: ${key}`).not.toBe('');
      expect(placeholders(text), `${name}: ${key}`).toEqual(placeholders(reference.get(key) ?? ''));
    }
  });

  it.each(LOCALES)('%s: no two area files define the same top-level key', (locale) => {
    const seen = new Map<string, string>();
    for (const [file, content] of Object.entries(cataloguesFiles(locale))) {
      for (const key of Object.keys(content)) {
        expect(
          seen.get(key),
          `${locale}: "${key}" in ${file} and ${seen.get(key)}`,
        ).toBeUndefined();
        seen.set(key, file);
      }
    }
  });

  it('every language has the same area files', () => {
    const names = (locale: (typeof LOCALES)[number]) => Object.keys(cataloguesFiles(locale)).sort();
    for (const locale of LOCALES) expect(names(locale)).toEqual(names('fr'));
  });
});
