// What the demo's seeders share: the keys by which they name rows ('ulc', 'studentUni', 'algo'…),
// the lookup from a key to the id the database gave, and the institutions' calendars.
import { localDay, plusDays, zonedInstant } from '../../time.ts';

export type InstitutionKey = 'ulc' | 'ehn' | 'nla';
export type PromotionKey = 'ulcL3' | 'ulcM1' | 'ehnB2' | 'nlaPm';

export const INSTITUTION_OF_PROMOTION: Record<PromotionKey, InstitutionKey> = {
  ulcL3: 'ulc',
  ulcM1: 'ulc',
  ehnB2: 'ehn',
  nlaPm: 'nla',
};

/** The zone in which each institution types its days and times. */
export const DEMO_ZONES: Record<InstitutionKey, string> = {
  ulc: 'Europe/Paris',
  ehn: 'Europe/Paris',
  nla: 'Europe/Berlin',
};

export const DAY = 24 * 3_600_000;

/** The id of the row a seeder inserted under a key; a typo is a bug of the seed, so it throws. */
export type IdOf<K extends string = string> = (key: K) => number;

/** The lookup of the rows an insert returned, in the order of their keys. */
export function idsOf<K extends string>(
  keys: readonly K[],
  rows: readonly { id: number }[],
): IdOf<K> {
  if (keys.length !== rows.length) throw new Error('demo seed: insert returned a different count');
  const ids = new Map<string, number>(keys.map((key, index) => [key, rows[index]!.id]));
  return (key) => {
    const found = ids.get(key);
    if (found === undefined) throw new Error(`demo seed: unknown key ${key}`);
    return found;
  };
}

/** The institution's day, `days` after today (negative: before). */
export function dayOf(now: Date, institution: InstitutionKey, days = 0): string {
  return plusDays(localDay(now, DEMO_ZONES[institution]), days);
}

/** The instant the institution's clock reads `time`, `days` after today. */
export function instantOf(
  now: Date,
  institution: InstitutionKey,
  days: number,
  time: string,
): Date {
  return zonedInstant(dayOf(now, institution, days), time, DEMO_ZONES[institution]);
}

/** The link resources of a chapter or an episode, in their order. */
export function linkResources(
  owner: { chapter_id: number } | { episode_id: number },
  links: readonly { title: string; url: string }[] = [],
) {
  return links.map((link, index) => ({
    ...owner,
    kind: 'link' as const,
    title: link.title,
    url: link.url,
    position: index + 1,
  }));
}
