import { HttpError } from '../../http/errors.ts';

const MB = 1024 * 1024;

/**
 * The most one student may hand in to one project, every version counted: 20 versions and
 * 100 MB in all (five files at the 20 MB upload limit, or many small corrections). The only
 * place these values live: the API answers them with every receipt and on the student's
 * evaluation page, and docs/security.md (V5) quotes them.
 */
export const HAND_IN_QUOTA = { versions: 20, bytes: 100 * MB } as const;

/** What a student has handed in to one project so far. */
export interface HandInUsage {
  versions: number;
  bytes: number;
}

/** The quota as the API answers it (`handInQuota` of packages/shared). */
export function quotaOf(usage: HandInUsage) {
  return {
    versions_used: usage.versions,
    versions_max: HAND_IN_QUOTA.versions,
    bytes_used: usage.bytes,
    bytes_max: HAND_IN_QUOTA.bytes,
  };
}

const inMb = (bytes: number) => Math.ceil(bytes / MB);

/**
 * Refuses a new version of `size` bytes that would pass a cap: 409 once every version is used,
 * 413 when the bytes would pass the total. The answer carries the quota as it stands.
 */
export function assertWithinQuota(usage: HandInUsage, size: number): void {
  if (usage.versions >= HAND_IN_QUOTA.versions) {
    throw new HttpError(
      409,
      'projects.quotaVersions',
      undefined,
      { max: HAND_IN_QUOTA.versions },
      {},
      { quota: quotaOf(usage) },
    );
  }
  if (usage.bytes + size > HAND_IN_QUOTA.bytes) {
    throw new HttpError(
      413,
      'projects.quotaBytes',
      undefined,
      { used: inMb(usage.bytes), max: inMb(HAND_IN_QUOTA.bytes) },
      {},
      { quota: quotaOf(usage) },
    );
  }
}
