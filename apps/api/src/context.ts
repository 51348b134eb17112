import type { Redis } from 'ioredis';
import type { RateLimits } from './auth/rate-limit.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

/** The server's clock; tests swap it to move time without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything a service needs, built once at start and handed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  limits: RateLimits;
  redis?: Redis;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
