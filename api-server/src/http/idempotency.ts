/**
 * Idempotency-Key on the creating calls (the route table's rows marked `idempotent`: POST /posts,
 * POST /comments/add/:postId, POST /auth/signup, and their /v2 counterparts): a client that sends the same key again, after a dropped connection or
 * a 503, gets the first call's answer instead of a second post, comment or member.
 *
 * The key is claimed in the same transaction as the write: it is kept exactly when the write
 * is, and a second call with the same key while the first is still running waits on the row
 * (PostgreSQL's unique index) and then answers like it. Keys are kept 24 hours.
 *
 * Answers: signup's is stored (encrypted with a key derived from the token secret: it holds a
 * token, which the database otherwise keeps only as a hash); a post's or comment's answer is
 * the feed, so a replay answers the current feed with the first call's status rather than a
 * stored copy of it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readPostsV1, runAsync } from '@social/mock-api/core';
import { HttpError } from '@social/mock-api/errors';
import { rowOf } from '@social/mock-api/routes';
import { one, sql, type Transaction } from '../db';
import type { Answer, Ctx, Tx } from '../kit';
import { SqlV1Store, type V1Bounds } from '../v1-store';
import { HTTP_MESSAGES } from './messages';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_TTL_HOURS = 24;

/**
 * How a route's first answer is given again: its row's `idempotent` in the route table
 * (mock-api/src/contract/routes.ts); undefined for a route that takes no key. /api/v2 answers
 * only what the call made: small, so stored as is.
 */
const replayOf = (method: string, path: string): 'stored' | 'feed' | undefined => rowOf(method, path)?.idempotent;

export const takesIdempotencyKey = (method: string, path: string): boolean => replayOf(method, path) !== undefined;

/** The header's key: undefined when absent; 400 when it is not 1 to 255 visible ASCII characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header) || !/^[\x21-\x7e]{1,255}$/.test(header)) throw new HttpError(400, HTTP_MESSAGES.badIdempotencyKey);
  return header;
}

const sha256 = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

function seal(secret: string, text: string): Buffer {
  const key = createHash('sha256').update(`idempotency:${secret}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

function open(secret: string, data: Uint8Array): string {
  const bytes = Buffer.from(data);
  const key = createHash('sha256').update(`idempotency:${secret}`).digest();
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && typeof (value as Answer).status === 'number' && 'body' in value;

export interface IdempotentCall {
  key: string;
  method: string;
  /** The route's pattern, e.g. /posts */
  route: string;
  /** The request's actual path and body: the same key with another request is refused. */
  url: string;
  body: string;
  authorization: string | undefined;
  tokenSecret: string;
  /** Public mode's bounds on the feed a replay answers (../v1-store.ts). */
  v1Bounds?: V1Bounds;
  /** Set when the answer is a replay (the Idempotent-Replayed header). */
  replayed?: boolean;
}

/** ctx with its transaction claiming the key first (see the file comment). */
export function withIdempotency(ctx: Ctx, call: IdempotentCall): Ctx {
  const mode = replayOf(call.method, call.route) ?? 'stored';
  const scope = sha256(call.method, call.route, call.authorization ?? '');
  const requestHash = sha256(call.url, call.body);
  return {
    ...ctx,
    tx: <T>(work: (t: Tx) => Promise<T>) =>
      ctx.tx(async (t): Promise<T> => {
        const claimed = await claim(t.ex, scope, call.key, requestHash);
        if (!claimed) {
          const previous = await one(
            t.ex,
            sql<{ request_hash: string; status: number | null; body: Uint8Array | null }>`
              select request_hash, status, body from idempotency_keys where scope = ${scope} and key = ${call.key}`,
          );
          if (!previous || previous.request_hash !== requestHash || previous.status === null)
            throw new HttpError(422, HTTP_MESSAGES.idempotencyKeyReused);
          call.replayed = true;
          const body: unknown =
            mode === 'feed'
              ? { posts: await runAsync(readPostsV1(new SqlV1Store(t.ex, ctx.origin, call.v1Bounds))) }
              : previous.body
                ? JSON.parse(open(call.tokenSecret, previous.body))
                : {};
          // The route's own answer type: every route wrapped here answers an Answer from its transaction.
          return { status: previous.status, body } as unknown as T;
        }
        const result = await work(t);
        if (isAnswer(result)) {
          const stored = mode === 'stored' ? seal(call.tokenSecret, JSON.stringify(result.body)) : null;
          await sql`update idempotency_keys set status = ${result.status}, body = ${stored} where scope = ${scope} and key = ${call.key}`.execute(
            t.ex,
          );
        }
        return result;
      }),
  };
}

/**
 * Claims the key (or an expired one), and forgets a few expired keys on the way. The clock is
 * this process's Date.now(), as for sessions (kit.ts): one clock decides expiry everywhere, and
 * tests that move Date.now move it here too.
 */
async function claim(ex: Transaction, scope: string, key: string, requestHash: string): Promise<boolean> {
  const now = Date.now();
  const expiredBefore = (now - KEY_TTL_HOURS * 3_600_000) / 1000;
  await sql`delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys where created_at < to_timestamp(${expiredBefore}) limit 50 for update skip locked)`.execute(ex);
  const row = await one(
    ex,
    sql`insert into idempotency_keys (scope, key, request_hash, created_at) values (${scope}, ${key}, ${requestHash}, to_timestamp(${now / 1000}))
      on conflict (scope, key) do update set request_hash = excluded.request_hash, status = null, body = null, created_at = excluded.created_at
        where idempotency_keys.created_at < to_timestamp(${expiredBefore})
      returning 1`,
  );
  return row !== undefined;
}
