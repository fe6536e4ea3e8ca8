/** v2 feeds: home, explore and tag pages (../../core/posts.ts); one post and its writes are core bindings (./bindings.ts). */
import { runNow } from '../../core/operation';
import { postSortOf, readPostPage, tagListOf, type PostList } from '../../core/posts';
import type { Ctx } from '../backend';
import { MemoryPostStore } from '../post-store';
import { ok, v2Read, type RouteKit } from '../routes/kit';
import { viewerOf } from './common';

/** A page of a post list, with the viewer's own fields when the request has a token. */
export const postsPage = (ctx: Ctx, list: PostList) =>
  ok(runNow(readPostPage(new MemoryPostStore(ctx), list, ctx.query, () => viewerOf(ctx)?._id ?? null)));

export function feedRoutesV2(r: RouteKit): void {
  v2Read(r, 'exploreFeed', (ctx) => postsPage(ctx, { kind: 'explore', sort: postSortOf(ctx.query.sort, 'v2') }));
  v2Read(r, 'homeFeed', (ctx) => {
    const memberId = ctx.caller()._id;
    return postsPage(ctx, { kind: 'home', memberId, sort: postSortOf(ctx.query.sort, 'v2') });
  });
  v2Read(r, 'tagPosts', (ctx) => postsPage(ctx, tagListOf(ctx.params.tag)));
}
