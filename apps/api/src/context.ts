import type { Redis } from 'ioredis';
import type { RateLimits } from './auth/rate-limit.ts';
import type { Config } from './config.ts';
import type { Db, Listen } from './db/client.ts';
import type { Clock } from './time.ts';

/** Everything a service needs, built once at start and handed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  limits: RateLimits;
  redis?: Redis;
  /**
   * LISTEN on the database (every node hears a NOTIFY of any): the live notifications. Without it
   * a node finds new notifications by polling.
   */
  listen?: Listen;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
