/**
 * What safety hides from a viewer, as SQL every list read shares (docs/safety.md): `not exists`
 * probes of the blocks and mutes primary keys and blocks_by_blocked (src/safety-schema.ts), so a
 * feed stays one index-friendly query however many members the viewer blocked or muted.
 */
import type { BlockSide } from '@social/mock-api/core';
import type { RawBuilder } from 'kysely';
import { one, sql, type Executor } from './db';

/**
 * `and …`: the rows whose `author` (a column) the viewer may see in lists: not blocked either way,
 * not muted by the viewer while the mute is in force. Nothing without a viewer.
 */
export function shownTo(viewerId: string | null | undefined, author: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!viewerId) return sql``;
  return sql`and not exists (select 1 from blocks b where b.blocker_id = ${viewerId} and b.blocked_id = ${author})
    and not exists (select 1 from blocks b where b.blocker_id = ${author} and b.blocked_id = ${viewerId})
    and not exists (select 1 from mutes mu where mu.muter_id = ${viewerId} and mu.muted_id = ${author} and (mu.until is null or mu.until > now()))`;
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
