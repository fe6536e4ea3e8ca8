/**
 * The block rule every interacting operation shares (docs/safety.md): where a block stands
 * between two members, either way, neither follows, reacts to, comments on, replies to or
 * upvotes the other. Posts, comments and members check it here through their stores' BlockReader,
 * so the rule is written once for v1 and v2 on both backends.
 */
import { SERVER_ERRORS } from '../contract';
import { fail } from './errors';
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
    refuseBlockSide(yield* wait(store.blockBetween(actorId, other)));
  }
}

/** refuseIfBlocked's answer for one other member, from how the actor stands with them (read with other facts in one step). */
export function refuseBlockSide(side: BlockSide): void {
  if (side === 'blocked-by') throw fail.forbidden(SERVER_ERRORS.blockedByMember);
  if (side === 'blocks') throw fail.forbidden(SERVER_ERRORS.youBlockedMember);
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

/**
 * The members a viewer's lists hide (docs/safety.md): those they block or who block them, and
 * those they mute while the mute is in force. Each store reads it with its safety filters
 * (`hiddenFrom` in mock-api/src/server/safety-filters.ts, `hiddenSet` in api-server's).
 */
export interface HiddenReader {
  hiddenFrom(viewerId: string, now: string): Step<readonly string[]>;
}

/**
 * The one visibility rule every answer follows, lists and write answers alike: what the viewer's
 * lists hide is left out of every answer that embeds posts, comments, replies or members (a
 * comment's replies, v1's every-post and every-member answers). Empty without a viewer.
 */
export function* hiddenSetOf(store: HiddenReader, viewerId: string | null, now: string): Operation<ReadonlySet<string>> {
  if (viewerId === null) return new Set();
  return new Set(yield* wait(store.hiddenFrom(viewerId, now)));
}

/** The items the viewer may see of an answer's list: those whose author their lists do not hide. */
export const shownTo = <T>(items: readonly T[], authorOf: (item: T) => string, hidden: ReadonlySet<string>): T[] =>
  hidden.size === 0 ? [...items] : items.filter((item) => !hidden.has(authorOf(item)));

/**
 * What a member who blocked the viewer wrote is not found for the viewer at any address (her
 * post and everything under it; her comment and the replies under it): a write that addresses it,
 * even the viewer's own comment or reply there, answers `notFound()` (404) as a read does and
 * changes nothing, so no answer carries her text. `authors`: the post's and comment's authors.
 */
export function* refuseIfHiddenBy(
  store: BlockReader,
  viewerId: string,
  authors: readonly string[],
  notFound: () => Error,
): Operation<void> {
  for (const author of new Set(authors)) if (yield* blockedFrom(store, viewerId, author)) throw notFound();
}
