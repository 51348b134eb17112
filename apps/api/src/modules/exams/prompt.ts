import type { PromptFormat } from '@skolar/shared';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { NO_IMAGES, sanitizeRichText } from '../../http/sanitize.ts';

/** A text in one of GIFT's and Moodle's formats (`[html]`, `[markdown]`, `[moodle]`, `[plain]`). */
interface FormattedText {
  format: string;
  text: string;
}

/** The few entities a tag-free text still carries once its tags are gone. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The HTML of a Markdown text, as Moodle renders `[markdown]` (CommonMark with GitHub's tables). */
const markdownToHtml = (text: string) => marked.parse(text, { async: false, gfm: true });

/** The words of an HTML text, without its tags. */
function textOfHtml(html: string): string {
  const stripped = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return stripped.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * A prompt as it is stored: `[html]` cleaned by the chapters' allow-list (no image: a quiz
 * shows no file), `[markdown]` as the HTML it renders to, cleaned the same way; `[moodle]` (Moodle's
 * auto-format: text whose line breaks are kept) and `[plain]` as plain text.
 */
export function promptOf(source: FormattedText): { prompt: string; format: PromptFormat } {
  if (source.format === 'html') {
    return { prompt: cleanHtml(source.text), format: 'html' };
  }
  if (source.format === 'markdown') {
    return { prompt: cleanHtml(markdownToHtml(source.text)), format: 'html' };
  }
  return { prompt: source.text.trim(), format: 'plain' };
}

/** HTML as a prompt may hold it. */
export const cleanHtml = (html: string) => sanitizeRichText(html, NO_IMAGES);

/**
 * A choice, an item or a feedback as plain text: choices are shown as text (a radio's label, a
 * list's option), so an HTML or Markdown one keeps its words without its tags.
 */
export function plainOf(source: FormattedText): string {
  if (source.format === 'html') return textOfHtml(source.text).trim();
  if (source.format === 'markdown') return textOfHtml(markdownToHtml(source.text)).trim();
  return source.text.trim();
}

/**
 * A percentage (`33.33333`) as a fraction of the points, to the nine decimals that keep Moodle's
 * seven of a fraction exact (33.33333 / 100 is 0.33333329999999994 in binary).
 */
export const percentToFraction = (percent: number) => Number((percent / 100).toFixed(9));
