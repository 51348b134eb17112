import sanitizeHtml from 'sanitize-html';

/** Our own stored files, the only images a chapter may show: `/api/files/<id>`. */
const OWN_FILE = /^\/api\/files\/\d{1,18}$/;

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
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_FILE.test(frame.attribs.src ?? ''),
};

/**
 * The rich text of a chapter as it may be stored and shown: the allow-list above, on every write.
 * Headings, paragraphs, lists, links (http, https, mailto; rel="noopener noreferrer"), code,
 * quotes, tables and images served from our own `/api/files/<id>`; nothing else survives.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
