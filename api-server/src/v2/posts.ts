/**
 * /v2/posts: one post, create, edit, delete (author only), like, dislike, bookmark, bound to the
 * core's operations (mock-api/src/core/posts.ts) on SqlPostStore. Every write answers only the
 * post it changed, with its stored counts and the caller's own reaction and bookmark.
 */
import { bookmark, createPost, deletePost, editPost, postDraftOf, react, readPost, runAsync } from '@social/mock-api/core';
import { hotWrite } from '../hot/write';
import { created, ok } from '../kit';
import { SqlPostStore } from '../post-store';
import type { RouteKit } from '../routes/kit';
import { param, read, route, write } from './kit';

export function postRoutesV2(r: RouteKit): void {
  route(r, 'post', (ctx) =>
    read(ctx, async (t) =>
      ok({ post: await runAsync(readPost(new SqlPostStore(t.ex, ctx.origin), param(ctx, 'postId'), t.viewer?.id ?? null)) }),
    ),
  );

  // Several statements (a picture, the post): one transaction each.
  route(r, 'createPost', (ctx) =>
    write(ctx, async (t) => {
      const { result } = await t.perform(createPost(new SqlPostStore(t.ex, ctx.origin), t.actor, postDraftOf(ctx.body, 'v2')));
      return created({ post: result });
    }),
  );
  route(r, 'editPost', (ctx) =>
    write(ctx, async (t) => {
      const { result } = await t.perform(
        editPost(new SqlPostStore(t.ex, ctx.origin), t.actor, param(ctx, 'postId'), postDraftOf(ctx.body, 'v2')),
      );
      return created({ post: result });
    }),
  );
  route(r, 'deletePost', (ctx) =>
    write(ctx, async (t) => ok((await t.perform(deletePost(new SqlPostStore(t.ex, ctx.origin), t.actor, param(ctx, 'postId')))).result)),
  );

  // Hot writes: two statements, no transaction; the notification through the outbox (src/hot).
  for (const kind of ['like', 'dislike'] as const)
    route(r, kind, (ctx) =>
      hotWrite(ctx, async (h) => {
        const { result } = await h.perform(react(h.store, h.actor, param(ctx, 'postId'), kind));
        return created({ post: result });
      }),
    );
  for (const [name, bookmarked] of [
    ['bookmark', true],
    ['removeBookmark', false],
  ] as const)
    route(r, name, (ctx) =>
      hotWrite(ctx, async (h) => {
        const { result } = await h.perform(bookmark(h.store, h.actor, param(ctx, 'postId'), bookmarked));
        return ok({ post: result });
      }),
    );
}
