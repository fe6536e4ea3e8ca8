/**
 * One-time live stream tickets (contract-live.ts, LIVE_TICKET_PATH; docs/live.md "Auth"). An
 * EventSource cannot send a header, and a token in a URL ends up in access logs: the member asks
 * for a ticket with their token, and opens the stream with the ticket. A ticket is random, stored
 * only as its hash, good once within LIVE_TICKET_TTL_MS, and tied to the session that asked for
 * it: a revoked or expired session redeems nothing, and its open streams are closed (./hub.ts):
 * at once on every instance when the transaction that ended it says so (sessionsEnded), else at the
 * next heartbeat (an expiry, a notification lost with a LISTEN connection).
 */
import { randomBytes } from 'node:crypto';
import { LIVE_TICKET_TTL_MS } from '@social/mock-api/contract-live';
import { one, rows, sql, type Executor } from '../db';
import type { Caller } from '../kit';
import { tokenHash } from '../tokens';
import { CHANGE_CHANNEL } from './schema';

/** Whom a redeemed ticket is for, and the session it came from. */
export interface TicketHolder {
  memberId: string;
  sessionHash: string;
}

/** The same clock as token expiry (kit.ts): this process's Date.now(). */
const at = (ms: number) => sql`to_timestamp(${ms / 1000})`;

/** A new ticket for the caller's session. */
export async function issueTicket(ex: Executor, caller: Caller): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const now = Date.now();
  await sql`insert into live_tickets (ticket_hash, member_id, session_hash, expires_at)
    values (${tokenHash(ticket)}, ${caller.id}, ${tokenHash(caller.token)}, ${at(now + LIVE_TICKET_TTL_MS)})`.execute(ex);
  return ticket;
}

/** The ticket's holder, once: the ticket is deleted as it is redeemed. Null when unknown, used, expired, or its session ended. */
export async function redeemTicket(ex: Executor, ticket: string): Promise<TicketHolder | null> {
  const now = at(Date.now());
  const row = await one(
    ex,
    sql<{ member_id: string; session_hash: string }>`delete from live_tickets t using sessions s
      where t.ticket_hash = ${tokenHash(ticket)} and t.expires_at > ${now}
        and s.token_hash = t.session_hash and s.revoked_at is null and s.expires_at > ${now}
      returning t.member_id, t.session_hash`,
  );
  return row ? { memberId: row.member_id, sessionHash: row.session_hash } : null;
}

/** Of these sessions, the ones that still hold (not revoked, not expired). */
export async function liveSessions(ex: Executor, sessionHashes: readonly string[]): Promise<Set<string>> {
  if (sessionHashes.length === 0) return new Set();
  const found = await rows(
    ex,
    sql<{ token_hash: string }>`select token_hash from sessions
      where token_hash = any(${sessionHashes as string[]}::text[]) and revoked_at is null and expires_at > ${at(Date.now())}`,
  );
  return new Set(found.map((row) => row.token_hash));
}

/** The change channel's payload that says a member's sessions ended; the rest is their id. */
const SESSIONS_ENDED = 'sessions-ended:';

/**
 * Tells every instance (the change channel, ./schema.ts) that some of the member's sessions have
 * ended: each closes the member's streams whose session no longer holds. Only the member's id
 * goes out, never a token or its hash. Call it once the end is committed, or inside its
 * transaction (PostgreSQL delivers the notification when it commits).
 */
export async function sessionsEnded(ex: Executor, memberId: string): Promise<void> {
  await sql`select pg_notify(${CHANGE_CHANNEL}, ${SESSIONS_ENDED + memberId})`.execute(ex);
}

/** The member a change channel payload says ended sessions, or null (a change log seq). */
export const sessionsEndedOf = (payload: string): string | null =>
  payload.startsWith(SESSIONS_ENDED) ? payload.slice(SESSIONS_ENDED.length) : null;

/** Forgets expired tickets (the hub's pruning). */
export async function pruneTickets(ex: Executor): Promise<void> {
  await sql`delete from live_tickets where expires_at < ${at(Date.now())}`.execute(ex);
}
