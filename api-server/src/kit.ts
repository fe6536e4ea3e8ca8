/**
 * What every route gets: the parsed body and path parameters, one timestamp, and `tx()`,
 * which runs its work in one database transaction (every write, and reads too, so an
 * answer is one consistent snapshot). Inside it, `caller()` resolves the token holder.
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '@social/mock-api/core';
import { fail } from '@social/mock-api/errors';
import { nowIso } from '@social/mock-api/time';
import type { JsonObject } from '@social/mock-api/rules';
import { one, sql, type Db, type Executor, type Transaction } from './db';
import { expiresAt, tokenFromHeader, tokenHash, verifyToken } from './tokens';

export interface Caller {
  id: string;
  username: string;
  /** The token the request came with (logout revokes it). */
  token: string;
}

export interface Tx {
  ex: Transaction;
  /** The token holder: 404 userNotFound without a token or member, 401 badToken when forged, expired or revoked. */
  caller(): Promise<Caller>;
  /** The token holder when the request carries a token (401 badToken when it is not valid), else undefined: reads whose answers add the caller's own fields. */
  optionalCaller(): Promise<Caller | undefined>;
}

export interface Ctx {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: JsonObject;
  /** One ISO timestamp (with offset) per request. */
  now: string;
  /** This API's origin as the client reached it, for image URLs. */
  origin: string;
  /** Each member's write budget (API_WRITE_RATE_LIMIT): hot writes count it in their first statement (src/hot). */
  writeBudget?: { max: number; windowMs: number };
  tx<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs work with each query on its own, no transaction (a page read, a one-statement write): fewer round trips. */
  run<T>(work: (session: Session) => Promise<T>): Promise<T>;
}

/** What `run` gives: Tx's calls on the database itself rather than a transaction. */
export interface Session extends Omit<Tx, 'ex'> {
  ex: Executor;
  /** The token's claim without the database (a hot write checks the session with its own first statement: src/hot). */
  claim(): TokenClaim;
}

export interface Answer {
  status: number;
  body: unknown;
  /** Headers of the answer (a hot write's rate-limit headers). */
  headers?: Record<string, string>;
}

export type Handler = (ctx: Ctx) => Promise<Answer>;

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const created = (body: unknown): Answer => ({ status: 201, body });

export const newId = (): string => randomUUID();

/** The caller as the core's operations take them (mock-api/src/core/operation.ts), with the request's timestamp. */
export const actorOf = (ctx: Pick<Ctx, 'now'>, caller: Pick<Caller, 'id'>): Actor => ({ memberId: caller.id, now: ctx.now });

export function makeCtx(
  db: Db,
  input: {
    params: Record<string, string>;
    query: Record<string, unknown>;
    body: JsonObject;
    origin: string;
    authorization: string | string[] | undefined;
    writeBudget?: { max: number; windowMs: number };
  },
): Ctx {
  return {
    writeBudget: input.writeBudget,
    params: input.params,
    query: input.query,
    body: input.body,
    now: nowIso(),
    origin: input.origin,
    tx: (work) => db.transaction().execute((ex) => work(session(ex, input.authorization))),
    run: (work) => work({ ...session(db, input.authorization), claim: () => tokenClaim(input.authorization) }),
  };
}

function session<E extends Executor>(ex: E, authorization: string | string[] | undefined): Omit<Tx, 'ex'> & { ex: E } {
  let caller: Promise<Caller> | undefined;
  return {
    ex,
    caller: () => (caller ??= resolveCaller(ex, authorization)),
    optionalCaller: () => (tokenFromHeader(authorization) ? (caller ??= resolveCaller(ex, authorization)) : Promise.resolve(undefined)),
  };
}

/** What a request's token claims, its signature and expiry checked without the database. */
export interface TokenClaim {
  memberId: string;
  token: string;
  tokenHash: string;
  /** This process's clock when it was checked (ms). */
  now: number;
}

/** The token's claim: 404 userNotFound without a token, 401 badToken when forged or expired (the session is `callerQuery`'s). */
function tokenClaim(authorization: string | string[] | undefined): TokenClaim {
  const token = tokenFromHeader(authorization);
  if (!token) throw fail.userNotFound();
  const payload = verifyToken(token);
  // The clock is this process's Date.now(), not the database's now(): one clock decides expiry
  // everywhere (and tests that move Date.now move it for the server too).
  const now = Date.now();
  if (!payload || expiresAt(payload) <= now) throw fail.badToken();
  return { memberId: payload._id, token, tokenHash: tokenHash(token), now };
}

/** The claimed member and whether the token's session is live: no row when the member is gone. A hot write reads it with its facts (src/hot). */
export const callerQuery = (claim: TokenClaim) =>
  sql<{ id: string; username: string; has_session: boolean }>`
    select m.id, m.username, (s.token_hash is not null and s.revoked_at is null and s.expires_at > to_timestamp(${claim.now / 1000})) as has_session
    from members m left join sessions s on s.token_hash = ${claim.tokenHash} and s.member_id = m.id
    where m.id = ${claim.memberId}`;

/** The caller from `callerQuery`'s row: 404 userNotFound when the member is gone, 401 badToken when the session is not live. */
export function callerFrom(
  claim: TokenClaim,
  row: { id: string | null; username: string | null; has_session: boolean | null } | undefined,
): Caller {
  if (!row?.id) throw fail.userNotFound();
  if (!row.has_session) throw fail.badToken();
  return { id: row.id, username: row.username ?? '', token: claim.token };
}

async function resolveCaller(ex: Executor, authorization: string | string[] | undefined): Promise<Caller> {
  const claim = tokenClaim(authorization);
  return callerFrom(claim, await one(ex, callerQuery(claim)));
}

/** The member whose live session the authorization header carries, or undefined (no token, or one not valid). */
export async function viewerOf(ex: Executor, authorization: string | string[] | undefined): Promise<string | undefined> {
  if (!tokenFromHeader(authorization)) return undefined;
  return resolveCaller(ex, authorization).then(
    (caller) => caller.id,
    () => undefined,
  );
}

/** Records a new session for a token just issued (and forgets the member's sessions that have expired). */
export async function startSession(ex: Transaction, memberId: string, token: string): Promise<void> {
  const payload = verifyToken(token)!;
  await sql`delete from sessions where member_id = ${memberId} and expires_at < to_timestamp(${Date.now() / 1000})`.execute(ex);
  await sql`insert into sessions (token_hash, member_id, issued_at, expires_at)
    values (${tokenHash(token)}, ${memberId}, to_timestamp(${payload.iat}), to_timestamp(${expiresAt(payload) / 1000}))`.execute(ex);
}
