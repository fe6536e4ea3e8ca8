/**
 * A store for @fastify/rate-limit that counts in PostgreSQL, so every instance behind the
 * load balancer shares the same counters (the plugin's default store is one process's memory).
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { one, sql, type Db } from './db';
import { counterGroup } from './http/limits';

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Counts one hit of `key` in its window and answers the hits so far and the ms left: one statement (a hot write's runs inside its first: src/hot). */
export const countHit = (key: string, timeWindow: number) =>
  sql<{ hits: number; ttl: number }>`
    insert into rate_limits (key, hits, resets_at) values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when rate_limits.resets_at <= now() then 1 else rate_limits.hits + 1 end,
      resets_at = case when rate_limits.resets_at <= now() then excluded.resets_at else rate_limits.resets_at end
    returning hits, greatest(0, ceil(extract(epoch from resets_at - now()) * 1000))::int as ttl`;

/** The key of a member's write budget, shared by every changing route (http/limits.ts: the 'write' group, keyed by member). */
export const writeBudgetKey = (memberId: string): string => `write:member:${memberId}`;

export function postgresRateLimitStore(db: Db, prefix = '') {
  return class PostgresStore {
    /** The plugin passes the window (ms) as a third argument, which its typings leave out. */
    incr(key: string, callback: Incr, timeWindow = 60_000): void {
      one(db, countHit(prefix + key, timeWindow)).then(
        (row) => callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as `routeInfo` (its typings say routeOptions). Routes of one
      // group share their counters (http/limits.ts: logins, signups, every member's writes);
      // reads count in memory.
      const routeInfo = (routeOptions as { routeInfo?: { url?: string; method?: string | string[] } }).routeInfo ?? {};
      if (routeInfo.method === 'GET' || routeInfo.method === 'HEAD') return new MemoryRateLimitStore();
      const Child = postgresRateLimitStore(db, `${counterGroup(String(routeInfo.method ?? 'POST'), routeInfo.url)}:`);
      return new Child();
    }
  };
}

/**
 * Read limits count in each instance's memory: a read needs no shared counter written to the
 * database (which would double the database's work for reads); behind N instances a client
 * may read up to N times the limit.
 */
export class MemoryRateLimitStore {
  private readonly counters = new Map<string, { hits: number; resetsAt: number }>();

  incr(key: string, callback: Incr, timeWindow = 60_000): void {
    const now = Date.now();
    if (this.counters.size > 10_000) for (const [k, c] of this.counters) if (c.resetsAt <= now) this.counters.delete(k);
    let counter = this.counters.get(key);
    if (!counter || counter.resetsAt <= now) {
      counter = { hits: 0, resetsAt: now + timeWindow };
      this.counters.set(key, counter);
    }
    counter.hits += 1;
    callback(null, { current: counter.hits, ttl: counter.resetsAt - now });
  }

  child(): FastifyRateLimitStore {
    return new MemoryRateLimitStore();
  }

  /** The key's counter in its current window, if it has one. */
  peek(key: string): { hits: number; ttl: number } | undefined {
    const now = Date.now();
    const counter = this.counters.get(key);
    return counter && counter.resetsAt > now ? { hits: counter.hits, ttl: counter.resetsAt - now } : undefined;
  }

  /** Counts `units` hits at once (an answer charged by its size: http/v1-lists.ts). */
  charge(key: string, units: number, timeWindow = 60_000): void {
    this.incr(key, () => undefined, timeWindow);
    const counter = this.counters.get(key);
    if (counter) counter.hits += units - 1;
  }
}
