/** v2 reposts: repost, undo repost, a post's reposters (../../core/reposts.ts); quotes are a field of createPost (./posts.ts). */
import { runNow } from '../../core/operation';
import { readRepostersPage, repost } from '../../core/reposts';
import type { Ctx } from '../backend';
import { MemoryRepostStore } from '../repost-store';
import { actorOf, answered, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';
import { viewerOf } from './common';

const store = (ctx: Ctx) => new MemoryRepostStore(ctx);
const postId = (ctx: Ctx) => ctx.params.postId ?? '';

export function repostRoutesV2(r: RouteKit): void {
  // 201 for a repost made (as a like), 200 for one undone.
  for (const [name, reposted, status] of [
    ['repost', true, 201],
    ['undoRepost', false, 200],
  ] as const)
    v2Write(r, name, (ctx) => answered(status, runNow(repost(store(ctx), actorOf(ctx), postId(ctx), reposted)), (post) => ({ post })));
  v2Read(r, 'reposters', (ctx) => ok(runNow(readRepostersPage(store(ctx), postId(ctx), ctx.query, () => viewerOf(ctx)?._id ?? null))));
}
