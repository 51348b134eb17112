import { createHash, createHmac } from 'node:crypto';
import { VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_GROUPS } from '@skolar/shared';

// The verification codes printed on the documents Skolar issues (transcripts, attendance sheets,
// certificates of attendance): `/verify/<code>` tells a third party what the paper said.

/** The SHA-256 a document's code is kept as (the code itself is only on the paper). */
export const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * The code of a document: 100 bits of an HMAC-SHA256, keyed by a key derived from the server's
 * secret and the kind of document (`purpose`), of its language and what it says, written like a
 * random code (Crockford's base32, groups of four). The same document in the same language always
 * gets the same code, so downloading it again reprints the same document; without the key, a
 * code cannot be computed from a document, nor guessed.
 */
export function documentCode(
  secret: string,
  purpose: string,
  canonical: string,
  locale: string,
): string {
  const derived = createHash('sha256').update(`skolar-${purpose}-code:`).update(secret).digest();
  const digest = createHmac('sha256', derived).update(`${locale}\n${canonical}`).digest();
  let bits = '';
  for (const byte of digest.subarray(0, 13)) bits += byte.toString(2).padStart(8, '0');
  const chars = Array.from(
    { length: VERIFICATION_CODE_GROUPS * 4 },
    (_, index) =>
      VERIFICATION_CODE_ALPHABET[Number.parseInt(bits.slice(index * 5, index * 5 + 5), 2)],
  ).join('');
  return chars.match(/.{4}/g)!.join('-');
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A document as stored (JSON) with its instants back to Dates: every `…_at` field holding an ISO
 * instant, at any depth.
 */
export function revived<T>(stored: unknown): T {
  const walk = (value: unknown, key = ''): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (typeof value === 'string' && key.endsWith('_at') && INSTANT.test(value))
      return new Date(value);
    return value;
  };
  return walk(stored) as T;
}
