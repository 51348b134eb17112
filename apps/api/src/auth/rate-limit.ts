import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { tooManyRequests } from '../http/errors.ts';

/**
 * Named limits. Per account they are strict; per IP they leave room for a whole class signing in
 * behind one school router (30 pupils, each allowed a few typos).
 */
export const LIMITS = {
  'login:account': { points: 5, duration: 15 * 60 },
  'login:ip': { points: 120, duration: 60 },
  'step-up:account': { points: 5, duration: 15 * 60 },
  'step-up:ip': { points: 60, duration: 15 * 60 },
  'forgot-password:account': { points: 3, duration: 15 * 60 },
  'forgot-password:ip': { points: 30, duration: 15 * 60 },
  'verify-email:account': { points: 3, duration: 15 * 60 },
  'verify-email:ip': { points: 30, duration: 15 * 60 },
  'reset-password:ip': { points: 30, duration: 15 * 60 },
  'mfa:account': { points: 5, duration: 15 * 60 },
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
} as const;
export type LimitName = keyof typeof LIMITS;
type LimitSpec = { points: number; duration: number };

/** Counters shared through Redis when it is configured, held in this process otherwise. */
export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterAbstract>;
  private readonly specs: Record<LimitName, LimitSpec>;

  constructor(
    redis?: Redis,
    overrides: Partial<Record<LimitName, LimitSpec>> = {},
    prefix = 'skolar',
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
}
