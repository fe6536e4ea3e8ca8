/**
 * What safety hides from a viewer, as SQL every read that applies it shares (docs/safety.md):
 * one rule, `hiddenSet`, used by the lists (`shownTo`), home's authors, notifications
 * (notification-store.ts, `silences`) and live streams (live/topics.ts, `hiddenFrom`).
 */
import type { BlockSide } from '@social/mock-api/core';
import type { RawBuilder } from 'kysely';
import { one, sql, type Executor } from './db';

/**
 * The ids (`id`) of the members `viewer` does not see: those they block or who block them, and
 * those they mute while the mute is in force at `now`. Three index range scans (the blocks and
 * mutes primary keys, blocks_by_blocked); a query reads the set once and hashes it, so a list
 * costs one hash probe per row however many members are hidden. Past work_mem (about 80,000
 * members hidden from one viewer) PostgreSQL would read the set again for each row.
 */
export const hiddenSet = (viewer: RawBuilder<unknown> | string, now: RawBuilder<unknown> = sql`now()`): RawBuilder<{ id: string }> =>
  sql`select b.blocked_id as id from blocks b where b.blocker_id = ${viewer}
    union all select b.blocker_id from blocks b where b.blocked_id = ${viewer}
    union all select mu.muted_id from mutes mu where mu.muter_id = ${viewer} and (mu.until is null or mu.until > ${now})`;

/**
 * `and …`: the rows whose `author` (a column) the viewer may see in lists: not blocked either way,
 * not muted by the viewer while the mute is in force. Nothing without a viewer.
 */
export function shownTo(viewerId: string | null | undefined, author: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!viewerId) return sql``;
  return sql`and ${author} not in (${hiddenSet(viewerId)})`;
}

/** `and …`: rows whose `author` did not block the viewer (a member's own posts, for that member's page). */
export function notBlockedBy(viewerId: string | null | undefined, author: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!viewerId) return sql``;
  return sql`and not exists (select 1 from blocks b where b.blocker_id = ${author} and b.blocked_id = ${viewerId})`;
}

/** How `memberId` stands with `otherId`, in one query. */
export async function blockSide(ex: Executor, memberId: string, otherId: string): Promise<BlockSide> {
  const row = await one(
    ex,
    sql<{ blocks: boolean; blocked_by: boolean }>`select
      exists (select 1 from blocks where blocker_id = ${memberId} and blocked_id = ${otherId}) as blocks,
      exists (select 1 from blocks where blocker_id = ${otherId} and blocked_id = ${memberId}) as blocked_by`,
  );
  return row?.blocks ? 'blocks' : row?.blocked_by ? 'blocked-by' : 'none';
}
