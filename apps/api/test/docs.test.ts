import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documents are a map of the repository; these checks keep the map true as files move.
 * - Every repository path that README.md or docs/ names (in back quotes, in a link, or in the
 *   text), with or without a line suffix or a glob, names a file or folder that exists. A path
 *   written from the repository's root must exist there; a shortened one (`auth/policy.ts`) must
 *   end the path of some file.
 * - Every `docs/….md` a source file names exists, and every path from the root its comments give.
 * - No document or source comment cites a document kept outside the repository (the product
 *   spec, the design pages, the acceptance journeys): a clone has none of them, so the rule a
 *   citation stands for is written where it is used, or in docs/.
 * - docs/decisions.md opens with an index by topic that lists every entry, links to its heading,
 *   and marks the entries a later one replaced; every "decision N" cited names one of its entries.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Folders that hold no source: installed packages, build outputs, local data and reports. */
const SKIPPED = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'reports',
  '.stryker-tmp',
  '.data',
]);

/** Every file and folder of the repository, as paths from its root. */
const entries: { files: string[]; folders: string[] } = { files: [], folders: [] };
(function walk(folder: string) {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      entries.folders.push(path);
      walk(path);
    } else entries.files.push(path);
  }
})('');
const paths = [...entries.files, ...entries.folders];
const topLevel = new Set(paths.filter((path) => !path.includes('/')));

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const documents = entries.files.filter((path) => path.endsWith('.md'));
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|css|html|ya?ml)$/;
const sources = entries.files.filter((path) => SOURCE.test(path));

/**
 * Outputs the documents name that are written by a command and never committed (each is in
 * .gitignore): the reader is told where a build or a run puts them.
 */
const GENERATED = [
  /(^|\/)dist(\/|$)/, // npm run build
  /^bench\/\.data(\/|$)/, // npm run bench: the generated datasets
  /^reports\//, // npm run mutate: Stryker's reports
  /^node_modules\//,
];

/** Extensions of the files a shortened path may name. */
const FILE = /\.(ts|tsx|mjs|js|cjs|css|json|md|sql|svg|png|pdf|ya?ml|txt|html|csv)$/;

const literal = (text: string) => text.replace(/[.+?^$()|[\]\\]/g, '\\$&');

/** A path, a glob (`*`, `**`, `{a,b}`) or a template (`<entity>`) as a regular expression. */
function pattern(path: string): string {
  return path
    .split(/(\*\*\/?|\*|<[^>/]*>|\{[^}/]*\})/)
    .map((part, index) => {
      if (index % 2 === 0) return literal(part);
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part.startsWith('<')) return '[^/]+';
      return `(?:${part.slice(1, -1).split(',').map(literal).join('|')})`;
    })
    .join('')
    .replace(/\/$/, '');
}

/** A path from the repository's root in a source comment. */
const ROOTED = /(?<![\w./@:~<-])(?:apps|packages|docs|e2e|scripts|bench)\/[\w.*<>{},/-]*[\w*>}]/g;

/** Whether a path the documents give names something of the repository. */
function exists(path: string): boolean {
  if (GENERATED.some((output) => output.test(path))) return true;
  const rooted = topLevel.has(path.split('/')[0]!);
  const expression = new RegExp(`${rooted ? '^' : '(?:^|/)'}${pattern(path)}/?$`);
  return paths.some((entry) => expression.test(entry));
}

/** What a span in back quotes names, without its line suffix or test names; undefined if no path. */
function pathIn(span: string): string | undefined {
  const path = span
    .split(' › ')[0]!
    .replace(/#L\d+(-L?\d+)?$/, '')
    .replace(/:\d+(-\d+)?$/, '');
  if (!/^[\w.<>*{},-]+(\/[\w.<>*{},-]*)+$/.test(path)) return undefined;
  if (path.startsWith('..') || path.startsWith('<')) return undefined;
  const rooted = topLevel.has(path.split('/')[0]!);
  return rooted || FILE.test(path) ? path : undefined;
}

/** The comments of a source file (line and block comments; good enough for a citation). */
const comments = (text: string) =>
  [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/.*$/gm)].map(([comment]) => comment);

/** The repository paths a document names, each with its line. */
function pathsOf(document: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  const folder = posix.dirname(document);
  read(document)
    .split('\n')
    .forEach((text, index) => {
      const line = index + 1;
      // Links and images: relative to the document, anchors dropped.
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^([a-z]+:|#)/.test(target!)) continue;
        const path = posix.normalize(posix.join(folder, target!.replace(/#.*$/, '')));
        found.push({ path, line });
      }
      const prose = text.replace(/\]\([^)]*\)/g, ']');
      for (const [, span] of prose.matchAll(/`([^`]+)`/g)) {
        const path = pathIn(span!);
        if (path !== undefined) found.push({ path, line });
      }
      // In the text itself: paths from the root, and shortened paths that end with a file name.
      const words = prose.replace(/`[^`]*`/g, ' ');
      for (const [candidate] of words.matchAll(/(?<![\w./@:~<-])[\w.-]+(\/[\w.*<>{},-]+)+/g)) {
        const path = candidate.replace(/[.,]+$/, '');
        if (topLevel.has(path.split('/')[0]!) || FILE.test(path)) found.push({ path, line });
      }
    });
  return found;
}

describe('the documents', () => {
  it('name only paths that exist in the repository', () => {
    expect(documents).toContain('docs/decisions.md');
    const named = documents.flatMap((document) =>
      pathsOf(document).map((found) => ({ ...found, document })),
    );
    expect(named.length).toBeGreaterThan(300);
    const missing = named
      .filter(({ path }) => !exists(path))
      .map(({ document, line, path }) => `${document}:${line}: ${path}`);
    expect(missing).toEqual([]);
  });

  it('are named by the sources only when they exist, as are the paths of their comments', () => {
    const missing = sources.flatMap((source) => {
      const text = read(source);
      const named = [
        ...[...text.matchAll(/(?<![\w/])docs\/[\w/.-]*\.md/g)].map(([path]) => path),
        ...comments(text).flatMap((comment) =>
          [...comment.matchAll(ROOTED)].map(([path]) => path.replace(/[.,]+$/, '')),
        ),
      ];
      return named.filter((path) => !exists(path)).map((path) => `${source}: ${path}`);
    });
    expect(missing).toEqual([]);
  });
});

/**
 * Citations of the documents that live beside the repository, not in it: the product spec and
 * its sections, the design pages (architecture, API, domain, style, toolchain), the acceptance
 * journeys, and the spec folder's route table (the repository's copy is named by its path).
 */
const EXTERNAL = [
  /product-spec/i,
  /\bspec sections? \d/i,
  /journeys\.md|\bjourneys? \d/i,
  /(?<![\w.-])(design|acceptance|spec)\/[\w-]+\.md/,
  /(?<![\w/.-])(architecture|api|domain|style|toolchain)\.md\b/,
  /(?<!packages\/shared\/)spec\/routes\.json/,
];

describe('citations', () => {
  const self = relative(root, fileURLToPath(import.meta.url));

  it('name no document kept outside the repository, in the documents', () => {
    const cited = documents.flatMap((document) =>
      read(document)
        .split('\n')
        .map((text, index) => ({ text, line: index + 1 }))
        // A link's target is a path the test above resolves: `(architecture.md)` from docs/ is ours.
        .filter(({ text }) => {
          const prose = text.replace(/\]\([^)\s]+\)/g, ']');
          return EXTERNAL.some((citation) => citation.test(prose));
        })
        .map(({ text, line }) => `${document}:${line}: ${text.trim()}`),
    );
    expect(cited).toEqual([]);
  });

  it('name no document kept outside the repository, in source comments and test names', () => {
    const cited = sources
      .filter((source) => source !== self)
      .flatMap((source) => {
        const text = read(source);
        const titles = [...text.matchAll(/\b(?:it|test|describe)\(\s*(['"`])(.*?)\1/g)].map(
          (match) => match[2]!,
        );
        return [...comments(text), ...titles]
          .filter((part) => EXTERNAL.some((citation) => citation.test(part)))
          .map((part) => `${source}: ${part.trim().split('\n')[0]}`);
      });
    expect(cited).toEqual([]);
  });
});

/** GitHub's anchor for a heading: its text, lower-case, without punctuation, spaces as dashes. */
const anchor = (heading: string) =>
  heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_ -]/gu, '')
    .replace(/ /g, '-');

describe('docs/decisions.md', () => {
  const text = read('docs/decisions.md');
  const headings = [...text.matchAll(/^## (\d+)\. (.*)$/gm)].map(([, number, title]) => ({
    number: Number(number),
    title: title!,
    anchor: anchor(`${number}. ${title}`),
  }));
  const start = text.indexOf('\n## Index by topic');
  const end = text.indexOf('\n## ', start + 1);
  const index = text.slice(start, end);
  const links = [...index.matchAll(/^- \[(\d+)\. [^\]]*\]\(#([^)]+)\)(.*)$/gm)].map(
    ([, number, target, rest]) => ({ number: Number(number), target: target!, rest: rest! }),
  );

  it('keeps its numbered entries in order', () => {
    expect(headings.length).toBeGreaterThan(150);
    const numbers = headings.map((heading) => heading.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('opens with an index by topic that lists every entry, linked to its heading', () => {
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThan(text.indexOf('\n## 1. '));
    const listed = new Set(links.map((link) => link.number));
    expect(headings.filter((heading) => !listed.has(heading.number)).map((h) => h.number)).toEqual(
      [],
    );
    const byNumber = new Map(headings.map((heading) => [heading.number, heading.anchor]));
    const wrong = links
      .filter((link) => byNumber.get(link.number) !== link.target)
      .map(
        (link) => `${link.number}: #${link.target}, the heading is #${byNumber.get(link.number)}`,
      );
    expect(wrong).toEqual([]);
  });

  it('is cited by numbers it holds ("decision N" in the documents and the sources)', () => {
    const numbers = new Set(headings.map((heading) => heading.number));
    const unknown = [...documents, ...sources].flatMap((path) =>
      [...read(path).matchAll(/\b[Dd]ecisions? (\d+(?:(?:, | and )\d+)*)/g)]
        .flatMap(([, cited]) => cited!.split(/, | and /).map(Number))
        .filter((number) => !numbers.has(number))
        .map((number) => `${path}: decision ${number}`),
    );
    expect(unknown).toEqual([]);
  });

  it('marks in the index every entry whose heading says it was replaced', () => {
    const replaced = headings.filter((heading) => /\breplaced by \d+/.test(heading.title));
    expect(replaced.length).toBeGreaterThan(0);
    const unmarked = replaced.filter((heading) =>
      links.some((link) => link.number === heading.number && !/superseded by/.test(link.rest)),
    );
    expect(unmarked.map((heading) => heading.number)).toEqual([]);
  });
});
