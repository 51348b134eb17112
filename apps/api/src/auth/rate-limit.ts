import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { tooManyRequests } from '../http/errors.ts';

/**
 * Named limits, each a fixed window of `points` per `duration` seconds. Per IP they leave room for
 * a whole class signing in behind one school router (30 pupils, each allowed a few typos). The
 * guesses at one account's password or codes are counted in `BUCKETS` instead.
 */
export const LIMITS = {
  'login:ip': { points: 120, duration: 60 },
  'step-up:ip': { points: 60, duration: 15 * 60 },
  'forgot-password:account': { points: 3, duration: 15 * 60 },
  'forgot-password:ip': { points: 30, duration: 15 * 60 },
  'verify-email:account': { points: 3, duration: 15 * 60 },
  'verify-email:ip': { points: 30, duration: 15 * 60 },
  'reset-password:ip': { points: 30, duration: 15 * 60 },
  'contact:ip': { points: 10, duration: 60 * 60 },
  'contact:account': { points: 5, duration: 60 * 60 },
  // Checking printed transcripts: a recruiter checks a few, not a dictionary of guesses.
  'verify:ip': { points: 30, duration: 15 * 60 },
  // Private calendar feeds: calendar apps fetch a feed every few minutes at most; guesses of a
  // token (unknown addresses) count against the IP that makes them.
  'calendar-feed:feed': { points: 60, duration: 15 * 60 },
  'calendar-feed:ip': { points: 30, duration: 15 * 60 },
  // An admin's person forms answering that an address is used in another institution: enough
  // for typing mistakes, too few to probe a list of addresses.
  'address-taken:account': { points: 10, duration: 60 * 60 },
  // Refused calls recorded in the audit log per signed-in user: enough to see a probe, not a flood.
  'audit-refusal:account': { points: 30, duration: 60 * 60 },
  // Files uploaded per signed-in account, whatever the route (hand-ins, pictures, logos, covers,
  // lesson images, resources, documents, syllabi): a teacher illustrating a lesson sends a few
  // dozen images at once; a flood stops at 60 files (1.2 GB at the 20 MB limit) per 15 minutes.
  'upload:account': { points: 60, duration: 15 * 60 },
  // Unsubscribe links: a person follows a few; guesses of a token count against the IP.
  'unsubscribe:ip': { points: 30, duration: 15 * 60 },
  // What one account posts for others to read (announcements, later posts and messages): a
  // teacher's busy morning, not a flood.
  'post:account': { points: 30, duration: 15 * 60 },
  // Messages (decision 203): a lively conversation, not a flood.
  'message:account': { points: 120, duration: 15 * 60 },
} as const;
export type LimitName = keyof typeof LIMITS;
type LimitSpec = { points: number; duration: number };

const MINUTE_MS = 60 * 1000;

/**
 * Buckets of guesses at an account's secrets (decision "a lockout that never ends", issue 28).
 * Each charge fills a bucket by one and it empties by one every `everyMs`: `burst` guesses at
 * once, then one per `everyMs`; a charge that would overflow it is refused with the wait until
 * there is room, so a refusal always ends by itself and nobody is locked for a fixed term.
 *
 * `:source` is one account guessed from one source (an address, or a browser the account signed
 * in from): the strict budget. `:account` is the account from every source: it refuses only the
 * sources the account does not know (modules/auth/guesses.ts), and it empties as fast as one
 * source's bucket, so one source alone never fills it: it takes several addresses at once.
 * `:session` is a signed-in session re-typing its password (step-up, password change) or a code
 * (MFA settings): only its holder can guess there, so the owner's other sessions are not slowed.
 */
export const BUCKETS = {
  'login:source': { burst: 5, everyMs: 3 * MINUTE_MS },
  'login:account': { burst: 10, everyMs: 3 * MINUTE_MS },
  'mfa:source': { burst: 5, everyMs: 3 * MINUTE_MS },
  'mfa:account': { burst: 10, everyMs: 3 * MINUTE_MS },
  'step-up:session': { burst: 5, everyMs: 3 * MINUTE_MS },
  'mfa-settings:session': { burst: 5, everyMs: 3 * MINUTE_MS },
} as const;
export type BucketName = keyof typeof BUCKETS;
type BucketSpec = { burst: number; everyMs: number };

/**
 * A bucket is one number, the instant it will be empty (GCRA's "theoretical arrival time"):
 * charging adds `everyMs` to it (from now when it is already empty); it is full when that instant
 * is more than `burst × everyMs` away. The script does it in one step on Redis, so parallel
 * guesses on two nodes cannot both take the last place. Times are the caller's clock
 * (ctx.clock); the key expires when the bucket is empty.
 */
const CHARGE_SCRIPT = `
local now = tonumber(ARGV[1])
local every = tonumber(ARGV[2])
local empty = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
if empty < now then empty = now end
local nextEmpty = empty + every
local wait = nextEmpty - now - tonumber(ARGV[3]) * every
if wait > 0 and ARGV[4] ~= '1' then return wait end
redis.call('SET', KEYS[1], string.format('%.0f', nextEmpty), 'PX', string.format('%.0f', nextEmpty - now))
return 0
`;
const GIVE_BACK_SCRIPT = `
local now = tonumber(ARGV[1])
local empty = tonumber(redis.call('GET', KEYS[1]) or ARGV[1]) - tonumber(ARGV[2])
if empty <= now then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], string.format('%.0f', empty), 'PX', string.format('%.0f', empty - now))
end
return 0
`;

/** The buckets in this process: without Redis, or while Redis does not answer. */
class MemoryBuckets {
  private readonly empties = new Map<string, number>();
  private charges = 0;

  charge(key: string, now: number, spec: BucketSpec, force: boolean): number {
    this.charges += 1;
    if (this.charges % 1000 === 0) this.sweep(now);
    const nextEmpty = Math.max(this.empties.get(key) ?? now, now) + spec.everyMs;
    const wait = nextEmpty - now - spec.burst * spec.everyMs;
    if (wait > 0 && !force) return wait;
    this.empties.set(key, nextEmpty);
    return 0;
  }

  giveBack(key: string, now: number, spec: BucketSpec): void {
    const empty = (this.empties.get(key) ?? now) - spec.everyMs;
    if (empty <= now) this.empties.delete(key);
    else this.empties.set(key, empty);
  }

  forget(key: string): void {
    this.empties.delete(key);
  }

  /** Drops the buckets that are empty by now, so guesses at many addresses do not pile up. */
  private sweep(now: number): void {
    for (const [key, empty] of this.empties) if (empty <= now) this.empties.delete(key);
  }
}

/** Counters shared through Redis when it is configured, held in this process otherwise. */
export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterAbstract>;
  private readonly specs: Record<LimitName, LimitSpec>;
  private readonly memoryBuckets = new MemoryBuckets();

  constructor(
    private readonly redis?: Redis,
    overrides: Partial<Record<LimitName, LimitSpec>> = {},
    private readonly prefix = 'skolar',
  ) {
    this.specs = { ...LIMITS, ...overrides };
    this.limiters = Object.fromEntries(
      Object.entries(this.specs).map(([name, spec]) => {
        const options = { keyPrefix: `${prefix}:rl:${name}`, ...spec };
        const limiter = redis
          ? new RateLimiterRedis({
              ...options,
              storeClient: redis,
              insuranceLimiter: new RateLimiterMemory(options),
            })
          : new RateLimiterMemory(options);
        return [name, limiter];
      }),
    ) as unknown as Record<LimitName, RateLimiterAbstract>;
  }

  /**
   * Counts one hit; throws 429 with Retry-After once the limit is passed. The count is taken in
   * one step (a synchronous increment in this process, one Lua script of INCRBY and EXPIRE on Redis), so
   * parallel requests cannot all read a counter that is still under the limit: call it *before*
   * the work it guards (a password or code check), then `refund` or `reset` when that succeeds.
   * `points` counts several hits at once (an import's lines), all or none within the limit.
   */
  async hit(name: LimitName, key: string, points = 1): Promise<void> {
    try {
      await this.limiters[name].consume(key, points);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext / 1000);
      throw error;
    }
  }

  /** Gives back the attempt a `hit` took, when only failures should count (e.g. a valid feed). */
  async refund(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].reward(key, 1);
  }

  /** Forgets a key, e.g. after a successful sign-in. */
  async reset(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key);
  }

  /**
   * Charges one guess to a bucket before the secret is checked: answers 0 when it was charged,
   * else the milliseconds until there is room (and charges nothing). `force` charges even a full
   * bucket (a known source, let through but counted), which makes the others' wait longer.
   */
  async charge(
    name: BucketName,
    key: string,
    now: Date,
    options: { force?: boolean } = {},
  ): Promise<number> {
    const spec = BUCKETS[name];
    const force = options.force === true;
    const redisKey = `${this.prefix}:gb:${name}:${key}`;
    if (this.redis) {
      try {
        const args = [now.getTime(), spec.everyMs, spec.burst, force ? '1' : '0'];
        return Number(await this.redis.eval(CHARGE_SCRIPT, 1, redisKey, ...args));
      } catch {
        // Redis does not answer: count in this process, as the fixed-window limits do.
      }
    }
    return this.memoryBuckets.charge(`${name}:${key}`, now.getTime(), spec, force);
  }

  /** Charges one guess, or throws 429 with Retry-After when the bucket is full. */
  async chargeOrRefuse(name: BucketName, key: string, now: Date): Promise<void> {
    const wait = await this.charge(name, key, now);
    if (wait > 0) throw tooManyRequests(wait / 1000);
  }

  /** Takes one charge back out of a bucket: the guess it paid for was right, or never checked. */
  async giveBack(name: BucketName, key: string, now: Date): Promise<void> {
    const spec = BUCKETS[name];
    if (this.redis) {
      try {
        const redisKey = `${this.prefix}:gb:${name}:${key}`;
        await this.redis.eval(GIVE_BACK_SCRIPT, 1, redisKey, now.getTime(), spec.everyMs);
        return;
      } catch {
        // As in `charge`.
      }
    }
    this.memoryBuckets.giveBack(`${name}:${key}`, now.getTime(), spec);
  }

  /** Empties a bucket, e.g. a source's after it signed in. */
  async forget(name: BucketName, key: string): Promise<void> {
    this.memoryBuckets.forget(`${name}:${key}`);
    if (this.redis) await this.redis.del(`${this.prefix}:gb:${name}:${key}`).catch(() => 0);
  }
}
