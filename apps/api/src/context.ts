import type { Redis } from 'ioredis';
import type { RateLimits } from './auth/rate-limit.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './time.ts';

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
