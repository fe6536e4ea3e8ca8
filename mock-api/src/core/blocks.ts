/**
 * The block rule every interacting operation shares (docs/safety.md): where a block stands
 * between two members, either way, neither follows, reacts to, comments on, replies to or
 * upvotes the other. Posts, comments and members check it here through their stores' BlockReader,
 * so the rule is written once for v1 and v2 on both backends.
 */
import { SERVER_ERRORS } from '../contract';
import { fail } from '../server/errors';
import { wait, type Operation, type Step } from './operation';

/** How `memberId` stands with `otherId`: they block them, are blocked by them, or neither. */
export type BlockSide = 'none' | 'blocks' | 'blocked-by';

export interface BlockReader {
  blockBetween(memberId: string, otherId: string): Step<BlockSide>;
}

/**
 * 403 when a block stands between the actor and any of `others` (the actor themselves is
 * skipped): `blockedByMember` for the blocked member, `youBlockedMember` for the blocker.
 */
export function* refuseIfBlocked(store: BlockReader, actorId: string, others: readonly (string | null)[]): Operation<void> {
  for (const other of new Set(others)) {
    if (other === null || other === actorId) continue;
    const side = yield* wait(store.blockBetween(actorId, other));
    if (side === 'blocked-by') throw fail.forbidden(SERVER_ERRORS.blockedByMember);
    if (side === 'blocks') throw fail.forbidden(SERVER_ERRORS.youBlockedMember);
  }
}

/**
 * Whether the viewer may see what `authorId` wrote through a direct address (a post page, its
 * comments, the author's posts): not when the author blocked the viewer. The blocker still
 * reaches what the member they blocked wrote, to report it.
 */
export function* blockedFrom(store: BlockReader, viewerId: string | null, authorId: string): Operation<boolean> {
  if (viewerId === null || viewerId === authorId) return false;
  return (yield* wait(store.blockBetween(viewerId, authorId))) === 'blocked-by';
}
