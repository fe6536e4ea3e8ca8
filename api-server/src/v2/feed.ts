/**
 * GET /v2/feed/home (auth) and /v2/feed/explore: a page of posts, Latest (default) or Trending;
 * GET /v2/tags/:tag/posts: a tag's posts, newest first (mock-api/src/core/posts.ts).
 */
import { postSortOf, readPostPage, runAsync, tagListOf } from '@social/mock-api/core';
import { ok } from '../kit';
import { SqlPostStore } from '../post-store';
import type { RouteKit } from '../routes/kit';
import { asMember, read, route } from './kit';

export function feedRoutes(r: RouteKit): void {
  route(r, 'homeFeed', (ctx) => {
    const sort = postSortOf(ctx.query.sort, 'v2');
    return asMember(ctx, async (t) =>
      ok(
        await runAsync(
          readPostPage(new SqlPostStore(t.ex, ctx.origin), { kind: 'home', memberId: t.me.id, sort }, ctx.query, () => t.me.id),
        ),
      ),
    );
  });

  route(r, 'exploreFeed', (ctx) => {
    const sort = postSortOf(ctx.query.sort, 'v2');
    return read(ctx, async (t) =>
      ok(
        await runAsync(readPostPage(new SqlPostStore(t.ex, ctx.origin), { kind: 'explore', sort }, ctx.query, () => t.viewer?.id ?? null)),
      ),
    );
  });

  route(r, 'tagPosts', (ctx) => {
    const list = tagListOf(ctx.params.tag);
    return read(ctx, async (t) =>
      ok(await runAsync(readPostPage(new SqlPostStore(t.ex, ctx.origin), list, ctx.query, () => t.viewer?.id ?? null))),
    );
  });
}
