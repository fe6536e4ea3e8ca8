/**
 * The repost operations' store (../core/reposts.ts, RepostStore) on the fake backend's records:
 * a post's reposts live in its record (`reposts`, oldest first), changed through findPost so the
 * backend stores the record (./store.ts); ./indexes.ts keeps each member's reposts in order.
 */
import { memberV2 } from '../core/members';
import type { Change } from '../core/posts';
import type { ReposterKey, ReposterRow, RepostStore } from '../core/reposts';
import { compareKeys, indexOf } from './indexes';
import { MemoryPostStore } from './post-store';
import { hiddenFrom } from './safety-filters';
import { findPost } from './store';

export class MemoryRepostStore extends MemoryPostStore implements RepostStore {
  setRepost(memberId: string, postId: string, reposted: boolean, now: string): Change {
    const post = findPost(this.ctx.db, postId);
    if (!post) return 'missing';
    const reposts = post.reposts ?? [];
    const had = reposts.some((r) => r.memberId === memberId);
    if (had === reposted) return 'same';
    const next = reposted ? [...reposts, { memberId, at: now }] : reposts.filter((r) => r.memberId !== memberId);
    if (next.length > 0) post.reposts = next;
    else delete post.reposts;
    return 'changed';
  }

  readReposters(postId: string, after: ReposterKey | null, count: number, viewerId: string | null): ReposterRow[] {
    const indexes = indexOf(this.ctx.db);
    const post = indexes.postsById.get(postId);
    const viewer = viewerId === null ? null : (indexes.usersById.get(viewerId) ?? null);
    const { hidden } = hiddenFrom(this.ctx.db, viewerId, this.ctx.now);
    const key = (r: { at: string; memberId: string }) => [Date.parse(r.at), r.memberId] as const;
    const from = after && ([Date.parse(after[0]), after[1]] as const);
    return [...(post?.reposts ?? [])]
      .filter((r) => !hidden.has(r.memberId) && indexes.usersById.has(r.memberId))
      .sort((a, b) => compareKeys(key(a), key(b)))
      .filter((r) => !from || compareKeys(key(r), from) > 0)
      .slice(0, count)
      .map((r) => ({ member: memberV2(this.v2.memberRow(indexes.usersById.get(r.memberId)!, viewer)), at: r.at }));
  }
}
