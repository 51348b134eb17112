import type { LanguageFn } from 'highlight.js';

/** How the viewer shows a file: drawn page by page, as a picture, as text, or not at all. */
type ViewKind = 'pdf' | 'image' | 'text' | 'none';

type LanguageModule = Promise<{ default: LanguageFn }>;

/**
 * The highlight.js grammars the viewer knows, each its own chunk: a file loads the core and its one
 * language (highlight.js/lib/common would bring 36 of them on the first code file).
 */
export const LANGUAGES = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  go: () => import('highlight.js/lib/languages/go'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  latex: () => import('highlight.js/lib/languages/latex'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  matlab: () => import('highlight.js/lib/languages/matlab'),
  ocaml: () => import('highlight.js/lib/languages/ocaml'),
  php: () => import('highlight.js/lib/languages/php'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scala: () => import('highlight.js/lib/languages/scala'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
} satisfies Record<string, () => LanguageModule>;

export type Language = keyof typeof LANGUAGES;

/** Extension → grammar; `null` for text shown as it is (no grammar to load). */
const BY_EXTENSION: Record<string, Language | null> = {
  py: 'python',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  java: 'java',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  go: 'go',
  rs: 'rust',
  rb: 'ruby',
  php: 'php',
  sql: 'sql',
  sh: 'bash',
  md: 'markdown',
  json: 'json',
  xml: 'xml',
  html: 'xml',
  css: 'css',
  yaml: 'yaml',
  yml: 'yaml',
  kt: 'kotlin',
  swift: 'swift',
  r: 'r',
  // In a course, a `.m` file is MATLAB or Octave far more often than Objective-C.
  m: 'matlab',
  scala: 'scala',
  hs: 'haskell',
  ml: 'ocaml',
  tex: 'latex',
  txt: null,
  csv: null,
};

/** MIME type → grammar, for a file whose name says nothing. */
const BY_MIME: Record<string, Language | null> = {
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/html': 'xml',
  'application/javascript': 'javascript',
  'text/javascript': 'javascript',
  'text/css': 'css',
  'text/markdown': 'markdown',
  'text/x-python': 'python',
};

/** Types that are never text, whatever the file's name says (archives, office documents, media). */
const BINARY =
  /^(audio|video|font|model)\/|^application\/(vnd\.|msword$|zip$|gzip$|x-(tar|7z-compressed|rar-compressed|bzip2)$)/;

function extensionOf(fileName: string): string {
  return /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
}

/** The MIME type without its parameters (`text/plain; charset=utf-8` → `text/plain`). */
function essence(mime: string): string {
  return mime.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** How to show a file: by its stored MIME type, or by its name's extension when the type is not precise. */
export function viewKind(mime: string, fileName: string): ViewKind {
  const type = essence(mime);
  const extension = extensionOf(fileName);
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('text/') || Object.hasOwn(BY_MIME, type)) return 'text';
  // A type the server recognised as binary wins over the name; otherwise (no type, a generic one,
  // `application/x-sh`…) the extension says whether it is source code.
  if (BINARY.test(type)) return 'none';
  if (Object.hasOwn(BY_EXTENSION, extension)) return 'text';
  const generic = type === '' || type === 'application/octet-stream';
  return extension === 'pdf' && generic ? 'pdf' : 'none';
}

/** The grammar to highlight a text file with, or null to show it plain. */
export function languageOf(mime: string, fileName: string): Language | null {
  const extension = extensionOf(fileName);
  if (Object.hasOwn(BY_EXTENSION, extension)) return BY_EXTENSION[extension] ?? null;
  const type = essence(mime);
  return Object.hasOwn(BY_MIME, type) ? (BY_MIME[type] ?? null) : null;
}
