import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { knownDevice } from '../../auth/devices.ts';
import type { AppContext } from '../../context.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { signInAddressesSince } from './auth.queries.ts';

/** An address counts as the account's own for this long after a session from it was last used. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return null;
  let text = address;
  // An IPv4 tail (`::ffff:192.0.2.1`) becomes its two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = rest === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...missing, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The source an address stands for: an IPv4 address as it is (a school router is one source for
 * its whole class), an IPv6 address by its /64, which one household or one network holds whole
 * and could rotate through at will.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const [a, b, c, d, e, f, g, h] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return `${g! >> 8}.${g! & 0xff}.${h! >> 8}.${h! & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The step of a sign-in being guessed: the password, or the code of the second step. */
type Step = 'login' | 'mfa';

/** Where a guess comes from: the address, the device cookie it carries, the request's logger. */
interface Guesser {
  ip: string;
  device?: string;
  log?: FastifyBaseLogger;
}

/** A guess charged before its check: what to do once the secret turned out right. */
export interface ChargedGuess {
  succeeded(): Promise<void>;
}

/**
 * Charges a guess at one step of signing in to an account, before the secret is checked
 * (decision "a lockout that never ends", issue 28), to two buckets (`BUCKETS`):
 *
 * - `<step>:source`, the account from this source: the browser when it carries the account's
 *   device cookie, the address otherwise (by /64 for IPv6). Full, it answers 429 with Retry-After
 *   whatever the source: one address or one stolen cookie gets 5 guesses, then one per 3 minutes.
 * - `<step>:account`, the account from every source. It empties as fast as one source's bucket,
 *   so one source alone never fills it. Full (several sources at once), it refuses only the
 *   sources the account does not know: a browser with its device cookie, or an address it signed
 *   in from in the last 30 days (`KNOWN_ADDRESS_MS`), is let through and still charged.
 *
 * `account.key` is what the guesser typed (the lower-cased e-mail at the password step), and an
 * address nobody has is charged like an account nobody signed in to: the same answers, the same
 * waits. A refusal charges nothing and is logged; a right secret gives its charges back.
 */
export async function chargeGuess(
  ctx: AppContext,
  step: Step,
  account: { key: string; userId: number | null; log: Record<string, unknown> },
  guesser: Guesser,
  now: Date,
): Promise<ChargedGuess> {
  const secret = ctx.config.MFA_ENCRYPTION_KEY;
  // An address nobody has is checked as account 0, which no browser ever signed in to.
  const deviceId = knownDevice(secret, guesser.device, account.userId ?? 0, now);
  const source = deviceId ? `device:${deviceId}` : `address:${addressKey(guesser.ip)}`;
  const sourceKey = `${account.key}|${source}`;
  const refuse = (wait: number, limit: 'source' | 'account') => {
    guesser.log?.warn(
      { ...account.log, ip: guesser.ip, step, limit },
      step === 'login'
        ? 'sign-in refused: too many attempts'
        : 'sign-in MFA step refused: too many attempts',
    );
    return tooManyRequests(wait / 1000);
  };

  const sourceWait = await ctx.limits.charge(`${step}:source`, sourceKey, now);
  if (sourceWait > 0) throw refuse(sourceWait, 'source');
  const accountWait = await ctx.limits.charge(`${step}:account`, account.key, now);
  if (accountWait > 0) {
    // The same query for an address nobody has (id 0: no session), so it takes the same time.
    const known =
      deviceId !== null ||
      (
        await signInAddressesSince(
          ctx.db,
          account.userId ?? 0,
          new Date(now.getTime() - KNOWN_ADDRESS_MS),
        )
      ).some((ip) => addressKey(ip) === addressKey(guesser.ip));
    if (!known) {
      await ctx.limits.giveBack(`${step}:source`, sourceKey, now);
      throw refuse(accountWait, 'account');
    }
    guesser.log?.info(
      { ...account.log, ip: guesser.ip, step, known: deviceId ? 'device' : 'address' },
      'account slowed for unknown sources: a known source let through',
    );
    await ctx.limits.charge(`${step}:account`, account.key, now, { force: true });
  }
  return {
    async succeeded() {
      await ctx.limits.forget(`${step}:source`, sourceKey);
      await ctx.limits.giveBack(`${step}:account`, account.key, now);
    },
  };
}
