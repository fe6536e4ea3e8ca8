/**
 * Reposts (docs/api.md, "Reposts and quotes"; quotes are ./quotes.ts): a member passes a post on
 * to their followers once, and can undo it. Both backends run these
 * operations (mock-api/src/server/v2/reposts.ts, api-server/src/v2/reposts.ts); the stores keep
 * a repost as a reaction is kept, one row per member and post with a stored count.
 *
 * Rules:
 * - A repost is refused twice (400 alreadyReposted), and undoing one that was not made is 400
 *   notReposted. Reposting a post whose author the member blocked, or who blocked them, is 403 as
 *   for a like. A member may repost their own post (as on Mastodon and Bluesky): nobody hears of it.
 * - A repost notifies the author in one group per post, as likes do ("reposted your post");
 *   undoing it takes the member out of the group. Blocks and mutes silence it as they do a like.
 * - The home feed shows a post reposted by someone the viewer follows at the time of the newest
 *   such repost, with who reposted it; a member's posts show their reposts. A post is in a list
 *   once, at its newest appearance (the stores' readPosts; `appearsAt` says which is newest).
 */
import { V2_ERRORS, type MemberV2, type PostV2 } from '../contract-v2';
import { fail } from './errors';
import { refuseBlockSide } from './blocks';
import type { Outcome } from './events';
import { LIST_TAGS } from './lists';
import { defersNotices, deliverNotice, noticeOf, type Notice } from './notifications';
import { wait, type Actor, type Operation, type Step } from './operation';
import { pageFrom, pageRequest, type ListKey } from './page';
import {
  countsEvent,
  postOr404,
  postV2,
  readBack,
  viewerEvent,
  visiblePostOr404,
  writeFactsOf,
  type Change,
  type PostStore,
  type Written,
} from './posts';

/** A reposter as the store reads them: the member as the viewer sees them, and when they reposted. */
export interface ReposterRow {
  member: MemberV2;
  at: string;
}

/** The sort key of a post's reposters: [repost time, member id], newest first. */
export type ReposterKey = [at: string, memberId: string];

/** The storage behind reposts: the post store's, with the repost rows. */
export interface RepostStore extends PostStore {
  /** The member's repost of the post is made (`reposted`) or taken back, at `now`. */
  setRepost(memberId: string, postId: string, reposted: boolean, now: string): Step<Change>;
  /** setRepost, with `notice` recorded by the same write (DeferredNotices), and the post read back; in one step. */
  applyRepost?(memberId: string, postId: string, reposted: boolean, now: string, notice: Notice | null): Step<Written>;
  /**
   * Up to `count` of the post's reposters after `after`, newest repost first, with the viewer's
   * follow flags; without those safety hides from the viewer (blocked either way, muted).
   */
  readReposters(postId: string, after: ReposterKey | null, count: number, viewerId: string | null): Step<ReposterRow[]>;
}

const REPOSTERS_LIST: ListKey = { tag: LIST_TAGS.reposters, shape: ['iso', 'text'] };

/**
 * Where a post appears in a list with reposts: its own time (its author is why it is there:
 * `by` null) or a repost's (`by` the reposter). Of two appearances the greater comes first, and
 * a post is shown only at its greatest: by time, then a repost before the post itself, then the
 * reposter's id (two reposts within the same second).
 */
export function compareAppearances(a: { at: string; by: string | null }, b: { at: string; by: string | null }): number {
  const ta = Date.parse(a.at);
  const tb = Date.parse(b.at);
  if (ta !== tb) return ta > tb ? 1 : -1;
  const ba = a.by ?? '';
  const bb = b.by ?? '';
  return ba === bb ? 0 : ba > bb ? 1 : -1;
}

/**
 * The member reposts the post (`reposted`) or undoes their repost. The answer is the post with
 * its new repost count and the caller's `viewer.reposted`; its counts go to every live stream.
 * A repost notifies the author (grouped per post, as likes); an undo takes the member out of
 * that group. A store that defers notices keeps the notice with the repost (as `react` does).
 */
export function* repost(store: RepostStore, actor: Actor, postId: string, reposted: boolean): Operation<Outcome<PostV2>> {
  const facts = yield* writeFactsOf(store, actor, postId, reposted);
  if (facts.author === null) throw fail.postNotFound();
  if (reposted && facts.author !== actor.memberId) refuseBlockSide(facts.block);
  const subject = { postId, commentId: null, replyId: null };
  const notice = noticeOf(reposted ? 'add' : 'remove', actor, facts.author, 'repost', subject, facts.silenced);
  const written: Written = store.applyRepost
    ? yield* wait(store.applyRepost(actor.memberId, postId, reposted, actor.now, notice))
    : yield* readBack(store, actor, postId, yield* wait(store.setRepost(actor.memberId, postId, reposted, actor.now)));
  if (written.change === 'missing') throw fail.postNotFound();
  if (written.change === 'same') throw fail.badRequest(reposted ? V2_ERRORS.alreadyReposted : V2_ERRORS.notReposted);
  const post = written.post ?? (yield* postOr404(store, postId, actor.memberId));
  const notified = defersNotices(store) ? [] : yield* deliverNotice(store.notifications, notice);
  return { result: postV2(post), events: [countsEvent(post), viewerEvent(actor.memberId, post), ...notified] };
}

/** A page of the post's reposters, newest first; 404 for a post the viewer cannot address. */
export function* readRepostersPage(
  store: RepostStore,
  postId: string,
  query: Record<string, unknown>,
  viewerOf: () => Step<string | null>,
): Operation<{ members: MemberV2[]; nextCursor: string | null }> {
  const request = pageRequest(query, REPOSTERS_LIST);
  const viewerId = yield* wait(viewerOf());
  yield* visiblePostOr404(store, postId, viewerId);
  const found = yield* wait(store.readReposters(postId, request.after as ReposterKey | null, request.limit + 1, viewerId));
  const page = pageFrom(found, request, (row) => [row.at, row.member._id]);
  return { members: page.items.map((row) => row.member), nextCursor: page.nextCursor };
}
