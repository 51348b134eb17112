import sanitizeHtml from 'sanitize-html';

/** Our own stored files, the only images a chapter may show: `/api/files/<id>`. */
const OWN_FILE = /^\/api\/files\/(\d{1,18})$/;

/** The file id of an image's `src` when it is one of our own files. */
function ownFileId(src: string | undefined): number | undefined {
  const id = OWN_FILE.exec(src ?? '')?.[1];
  return id === undefined ? undefined : Number(id);
}

/** Link targets kept: absolute http(s), mailto, and in-page anchors. */
const SAFE_HREF = /^(https?:\/\/|mailto:|#)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'img',
  ],
  // No style, no class, no event handler: only these attributes survive.
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Script, style and their text go entirely; other refused tags keep their text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const attributes: Record<string, string> = { rel: 'noopener noreferrer' };
      if (SAFE_HREF.test(href)) attributes.href = href;
      if (attribs.title) attributes.title = attribs.title;
      if (/^https?:/i.test(href)) attributes.target = '_blank';
      return { tagName, attribs: attributes };
    },
  },
};

/** No image at all: rich text written before its images are known, or that has none. */
export const NO_IMAGES: ReadonlySet<number> = new Set();

/**
 * The rich text of a chapter as it may be stored and shown: the allow-list above, on every write.
 * Headings, paragraphs, lists, links (http, https, mailto; rel="noopener noreferrer"), code,
 * quotes, tables, and images served from our own `/api/files/<id>` whose id is in `images` (the
 * files the author may show, decision 172); nothing else survives.
 */
export function sanitizeRichText(html: string, images: ReadonlySet<number>): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false;
      const id = ownFileId(frame.attribs.src);
      return id === undefined || !images.has(id);
    },
  }).trim();
}

/** The ids of our own files that the images of a piece of rich text show, each once. */
export function imageIdsIn(html: string): number[] {
  const ids = new Set<number>();
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src'] },
    exclusiveFilter: (frame) => {
      const id = frame.tag === 'img' ? ownFileId(frame.attribs.src) : undefined;
      if (id !== undefined) ids.add(id);
      return false;
    },
  });
  return [...ids];
}
