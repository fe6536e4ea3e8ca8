/**
 * Failed logins per account (issue 28, defect 4: there was only a per-address limit, so many
 * addresses could keep guessing one member's password). After API_LOGIN_ACCOUNT_RATE_LIMIT
 * failed attempts (wrong password) on one username within the window, that username's logins
 * answer 429 until the window ends, from any address. Successful logins are not counted, so a
 * member who logs in often is never locked out by it. Counters live in rate_limits (shared).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '@social/mock-api/errors';
import type { OperationsConfig } from '../config';
import { one, sql, type Db } from '../db';
import { hasBadCharacter } from './input';
import { HTTP_MESSAGES } from './messages';

/** The username a login body names (trimmed, lower case), or '' when there is none. */
function accountOf(request: FastifyRequest): string {
  try {
    const body: unknown = typeof request.body === 'string' ? JSON.parse(request.body) : undefined;
    const username = body && typeof body === 'object' ? (body as { username?: unknown }).username : undefined;
    // Text the database can't compare is refused by the route (400) before any count.
    return typeof username === 'string' && !hasBadCharacter(username) ? username.trim().toLowerCase() : '';
  } catch {
    return '';
  }
}

const keyOf = (account: string) => `login-failures:${account}`;

export function loginGuard(db: Db, limit: OperationsConfig['loginAccountRateLimit']) {
  return {
    /** preHandler: 429 while the account has used up its failed attempts. */
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const account = accountOf(request);
      if (!account) return;
      const row = await one(
        db,
        sql<{ hits: number; ttl: number }>`select hits, greatest(1, ceil(extract(epoch from resets_at - now())))::int as ttl
          from rate_limits where key = ${keyOf(account)} and resets_at > now()`,
      );
      if (row && row.hits >= limit.max) {
        reply.header('Retry-After', String(row.ttl));
        throw new HttpError(429, HTTP_MESSAGES.accountRateLimit);
      }
    },
    /** onResponse: counts a wrong password (401) for the account. */
    async count(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (reply.statusCode !== 401) return;
      const account = accountOf(request);
      if (!account) return;
      try {
        await sql`insert into rate_limits (key, hits, resets_at) values (${keyOf(account)}, 1, now() + ${limit.windowMs} * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when rate_limits.resets_at <= now() then 1 else rate_limits.hits + 1 end,
            resets_at = case when rate_limits.resets_at <= now() then excluded.resets_at else rate_limits.resets_at end`.execute(db);
      } catch (error) {
        request.log.warn({ err: error }, 'failed login not counted');
      }
    },
  };
}
