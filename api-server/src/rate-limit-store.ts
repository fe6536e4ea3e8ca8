/**
 * A store for @fastify/rate-limit that counts in PostgreSQL, so every instance behind the
 * load balancer shares the same counters (the plugin's default store is one process's memory).
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { one, sql, type Db } from './db';

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

export function postgresRateLimitStore(db: Db, prefix = '') {
  return class PostgresStore {
    /** The plugin passes the window (ms) as a third argument, which its typings leave out. */
    incr(key: string, callback: Incr, timeWindow = 60_000): void {
      one(
        db,
        sql<{ hits: number; ttl: number }>`
          insert into rate_limits (key, hits, resets_at) values (${prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when rate_limits.resets_at <= now() then 1 else rate_limits.hits + 1 end,
            resets_at = case when rate_limits.resets_at <= now() then excluded.resets_at else rate_limits.resets_at end
          returning hits, greatest(0, ceil(extract(epoch from resets_at - now()) * 1000))::int as ttl`,
      ).then(
        (row) => callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // One counter per route: login attempts don't use up signups.
      const Child = postgresRateLimitStore(db, `${routeOptions.url}:`);
      return new Child();
    }
  };
}
