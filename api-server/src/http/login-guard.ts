/**
 * Login attempts per account (issue 28, defect 4; issue 41, findings 1 and 2), on top of the
 * per-address limit every login route shares (http/limits.ts):
 * - Each attempt is counted before it is judged, in one atomic statement, and refused (429 with
 *   Retry-After) once the account has used up API_LOGIN_ACCOUNT_RATE_LIMIT attempts in the
 *   window: parallel guesses cannot get more judged than the limit. An attempt that was not a
 *   wrong guess (a success, bad input, the database away) is given back afterwards, so a
 *   member who logs in often is never locked out by it.
 * - The owner keeps a way in (OWASP's device cookies): a successful login answers a device token
 *   (`Device-Token` header, tokens.ts) for that account. A login that sends it back is counted
 *   on that device's own counter, not the account's anonymous one: guesses from elsewhere lock
 *   out only clients without such a token. A device that guesses wrong too often locks itself.
 * Counters live in rate_limits (shared by every instance).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '@social/mock-api/errors';
import type { OperationsConfig } from '../config';
import { one, sql, type Db } from '../db';
import { signDeviceToken, verifyDeviceToken } from '../tokens';
import { hasBadCharacter } from './input';
import { HTTP_MESSAGES } from './messages';

/** The header a login sends its device token in, and a successful login answers a new one in. */
export const DEVICE_TOKEN_HEADER = 'Device-Token';

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

/** Statuses that judged a guess wrong (or a name that is not registered): the attempt stays counted. */
const WRONG_GUESS = new Set([401, 404]);

export function loginGuard(db: Db, limit: OperationsConfig['loginAccountRateLimit']) {
  /** The counter each login request was counted on, and its account. */
  const counted = new WeakMap<FastifyRequest, { key: string; account: string }>();
  return {
    /** preHandler: counts the attempt, then 429 when it is over the account's (or the device's) limit. */
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const account = accountOf(request);
      if (!account) return;
      const device = verifyDeviceToken(request.headers[DEVICE_TOKEN_HEADER.toLowerCase()], account);
      const key = device ? `login-device:${device}` : `login-failures:${account}`;
      const row = await one(
        db,
        sql<{ hits: number; ttl: number }>`
          insert into rate_limits (key, hits, resets_at) values (${key}, 1, now() + ${limit.windowMs} * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when rate_limits.resets_at <= now() then 1 else rate_limits.hits + 1 end,
            resets_at = case when rate_limits.resets_at <= now() then excluded.resets_at else rate_limits.resets_at end
          returning hits, greatest(1, ceil(extract(epoch from resets_at - now())))::int as ttl`,
      );
      if (row && row.hits > limit.max) {
        reply.header('Retry-After', String(row.ttl));
        throw new HttpError(429, HTTP_MESSAGES.accountRateLimit);
      }
      counted.set(request, { key, account });
    },
    /** onSend: a successful login gets a device token for its account. */
    async issue(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      const attempt = counted.get(request);
      if (attempt && reply.statusCode === 200) reply.header(DEVICE_TOKEN_HEADER, signDeviceToken(attempt.account));
      return payload;
    },
    /** onResponse: an attempt that was not a wrong guess is given back. */
    async settle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const attempt = counted.get(request);
      if (!attempt || WRONG_GUESS.has(reply.statusCode)) return;
      try {
        await sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${attempt.key} and resets_at > now()`.execute(db);
      } catch (error) {
        request.log.warn({ err: error }, 'login attempt not given back');
      }
    },
  };
}
