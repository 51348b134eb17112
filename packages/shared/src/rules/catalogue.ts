/** The catalogue card's sizes the spec sets, in px. */
export const CARD = {
  width: 250,
  coverHeight: 130,
  bodyHeight: 220,
  gap: 25,
  /** Opacity of the dark overlay drawn when a training has no cover. */
  emptyCoverOverlay: 0.4,
  descriptionWords: 10,
} as const;

/** The institutions carousel of the landing page. */
export const CAROUSEL = { gap: 5, autoplayMs: 3000, logoHeight: 50 } as const;

/** The home page's statistics strip. */
export const HOME_STATISTICS = [
  { key: 'students', value: '560+' },
  { key: 'collaborators', value: '25' },
  { key: 'trainings', value: '100+' },
  { key: 'certifications', value: '100+' },
] as const;

/** The card heading: program, level, ' - ', title ('Computer science L3 - Algorithms'). */
export function cardHeading(training: { program: string; level: string; title: string }): string {
  const head = [training.program, training.level].filter((part) => part.trim()).join(' ');
  return head ? `${head} - ${training.title}` : training.title;
}

/** The hours label '(Nh)', 0 when missing. */
export function hoursLabel(totalHours: number | null | undefined): string {
  return `(${Number.isFinite(totalHours) ? totalHours : 0}h)`;
}

/** The first 10 words, with ' ...' added when the text is longer. */
export function cutDescription(text: string, words: number = CARD.descriptionWords): string {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  return parts.length > words ? `${parts.slice(0, words).join(' ')} ...` : parts.join(' ');
}
