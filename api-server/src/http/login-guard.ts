/**
 * Password guesses per account (issue 28, defect 4; issue 41, findings 1 and 2), on top of the
 * per-address limit every login route shares (http/limits.ts). A guess is a login, or a call
 * that confirms the signed-in member's password (change password: the current one; delete
 * account): a stolen token must not buy more guesses than a login form.
 * - Each attempt is counted before it is judged, in one atomic statement, and refused (429 with
 *   Retry-After) once the account has used up API_LOGIN_ACCOUNT_RATE_LIMIT attempts in the
 *   window: parallel guesses cannot get more judged than the limit. Logins and password
 *   confirmations of one account share its counter. An attempt that was not a wrong guess (a
 *   success, bad input, the database away) is given back afterwards, so a member who logs in
 *   often is never locked out by it.
 * - The owner keeps a way in (OWASP's device cookies): a successful login answers a device token
 *   (`Device-Token` header, tokens.ts) for that account. An attempt that sends it back is counted
 *   on that device's own counter, not the account's anonymous one: guesses from elsewhere lock
 *   out only clients without such a token. A device that guesses wrong too often locks itself.
 * Counters live in rate_limits (shared by every instance).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '@social/mock-api/errors';
import { rowOf } from '@social/mock-api/routes';
import type { OperationsConfig } from '../config';
import { one, sql, type Db } from '../db';
import { viewerOf } from '../kit';
import { signDeviceToken, verifyDeviceToken } from '../tokens';
import { hasBadCharacter } from './input';
import { HTTP_MESSAGES } from './messages';

/** The header a login sends its device token in, and a successful login answers a new one in. */
export const DEVICE_TOKEN_HEADER = 'Device-Token';

/** An account as counters name it: the username, trimmed, lower case. */
const accountKey = (username: string): string => username.trim().toLowerCase();

/** The username a login body names (trimmed, lower case), or '' when there is none. */
function accountOf(request: FastifyRequest): string {
  try {
    const body: unknown = typeof request.body === 'string' ? JSON.parse(request.body) : undefined;
    const username = body && typeof body === 'object' ? (body as { username?: unknown }).username : undefined;
    // Text the database can't compare is refused by the route (400) before any count.
    return typeof username === 'string' && !hasBadCharacter(username) ? accountKey(username) : '';
  } catch {
    return '';
  }
}

/**
 * The account of the member whose live session the request's token carries, or '' (no token,
 * or one not valid: the route answers 404 or 401 without judging a password).
 */
async function sessionAccount(db: Db, request: FastifyRequest): Promise<string> {
  const memberId = await viewerOf(db, request.headers.authorization);
  if (!memberId) return '';
  const member = await one(db, sql<{ username: string }>`select username from members where id = ${memberId}`);
  return member ? accountKey(member.username) : '';
}

/** Statuses that judged a login wrong (or a name that is not registered): the attempt stays counted. */
const WRONG_LOGIN = new Set([401, 404]);
/** The status of a wrong current or delete password (core/account.ts): the attempt stays counted. A lost password-change race (409) had the right password: given back. */
const WRONG_CONFIRMATION = new Set([403]);

export function loginGuard(db: Db, limit: OperationsConfig['loginAccountRateLimit']) {
  /** The counter each counted request was counted on, its account, and which statuses keep it counted. */
  const counted = new WeakMap<FastifyRequest, { key: string; account: string; login: boolean; wrong: ReadonlySet<number> }>();

  /** Counts the attempt on the account's (or the device's) counter, then 429 when it is over the limit. */
  async function count(request: FastifyRequest, reply: FastifyReply, account: string, login: boolean): Promise<void> {
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
    counted.set(request, { key, account, login, wrong: login ? WRONG_LOGIN : WRONG_CONFIRMATION });
  }

  /** preHandler of a login: counts the attempt on the body's account. */
  const checkLogin = (request: FastifyRequest, reply: FastifyReply): Promise<void> => count(request, reply, accountOf(request), true);

  /** preHandler of a password confirmation: counts the attempt on the signed-in member's account. */
  const checkConfirmation = async (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
    count(request, reply, await sessionAccount(db, request), false);

  /** onSend of a login: a successful one gets a device token for its account. */
  const issue = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const attempt = counted.get(request);
    if (attempt?.login && reply.statusCode === 200) reply.header(DEVICE_TOKEN_HEADER, signDeviceToken(attempt.account));
    return payload;
  };

  /** onResponse: an attempt that was not a wrong guess is given back. */
  const settle = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const attempt = counted.get(request);
    if (!attempt || attempt.wrong.has(reply.statusCode)) return;
    try {
      await sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${attempt.key} and resets_at > now()`.execute(db);
    } catch (error) {
      request.log.warn({ err: error }, 'login attempt not given back');
    }
  };

  return {
    /**
     * The guard's hooks for a route (its method and path under /api): logins (the route table's
     * `budget: 'login'`) and calls that confirm the signed-in member's password (`confirmsPassword`,
     * core/account.ts: the account is the token's member) are guarded.
     */
    hooksFor(method: string, path: string) {
      const row = rowOf(method, path);
      if (row?.budget === 'login') return { preHandler: checkLogin, onSend: issue, onResponse: settle };
      if (row?.confirmsPassword) return { preHandler: checkConfirmation, onResponse: settle };
      return {};
    },
  };
}
