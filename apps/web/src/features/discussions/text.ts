// What the discussions' screens compute from their values: a post's anchor, the post an address
// names, whether a rich text has words, whether a post may still be edited, a name's search form.

/** The element id of a post: `/discussions/4#post-12` leads to it (the notifications' links). */
export const postAnchor = (id: number) => `post-${id}`;

/** The post `#post-12` names, if the address names one. */
export function targetOf(hash: string): number | null {
  const match = /^#post-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * Whether the editor's HTML holds words (its empty document is "<p></p>"). Parsed as an inert
 * document: nothing runs, nothing loads.
 */
export function hasText(html: string): boolean {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.trim() !== '';
}

/** Whether a post's edit window is still open (`editable_until` is null once it is past). */
export function stillEditable(editableUntil: string | null, now: number = Date.now()): boolean {
  return editableUntil !== null && Date.parse(editableUntil) > now;
}

/** A name as typed in a search: lower-case, without accents ("Éloïse" is found by "elo"). */
export function searchForm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();
}
