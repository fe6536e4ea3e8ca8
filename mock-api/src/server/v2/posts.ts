/** v2 feeds and posts: home, explore and tag pages, one post, create/edit/delete, like/dislike, bookmarks (../../core/posts.ts). */
import { runNow } from '../../core/operation';
import {
  bookmark,
  createPost,
  deletePost,
  editPost,
  postDraftOf,
  postSortOf,
  react,
  readPost,
  readPostPage,
  tagListOf,
  type PostList,
} from '../../core/posts';
import type { Ctx } from '../backend';
import { MemoryPostStore } from '../post-store';
import { actorOf, answered, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';
import { viewerOf } from './common';

/** A page of a post list, with the viewer's own fields when the request has a token. */
export const postsPage = (ctx: Ctx, list: PostList) =>
  ok(runNow(readPostPage(new MemoryPostStore(ctx), list, ctx.query, () => viewerOf(ctx)?._id ?? null)));

const store = (ctx: Ctx) => new MemoryPostStore(ctx);
const postId = (ctx: Ctx) => ctx.params.postId ?? '';

export function postRoutesV2(r: RouteKit): void {
  v2Read(r, 'exploreFeed', (ctx) => postsPage(ctx, { kind: 'explore', sort: postSortOf(ctx.query.sort, 'v2') }));
  v2Read(r, 'homeFeed', (ctx) => {
    const memberId = ctx.caller()._id;
    return postsPage(ctx, { kind: 'home', memberId, sort: postSortOf(ctx.query.sort, 'v2') });
  });
  v2Read(r, 'tagPosts', (ctx) => postsPage(ctx, tagListOf(ctx.params.tag)));
  v2Read(r, 'post', (ctx) => ok({ post: runNow(readPost(store(ctx), postId(ctx), viewerOf(ctx)?._id ?? null)) }));

  v2Write(r, 'createPost', (ctx) =>
    answered(201, runNow(createPost(store(ctx), actorOf(ctx), postDraftOf(ctx.body, 'v2'))), (post) => ({ post })),
  );
  v2Write(r, 'editPost', (ctx) =>
    answered(201, runNow(editPost(store(ctx), actorOf(ctx), postId(ctx), postDraftOf(ctx.body, 'v2'))), (post) => ({ post })),
  );
  v2Write(r, 'deletePost', (ctx) => answered(200, runNow(deletePost(store(ctx), actorOf(ctx), postId(ctx))), (result) => result));
  for (const kind of ['like', 'dislike'] as const)
    v2Write(r, kind, (ctx) => answered(201, runNow(react(store(ctx), actorOf(ctx), postId(ctx), kind)), (post) => ({ post })));
  v2Write(r, 'bookmark', (ctx) => answered(200, runNow(bookmark(store(ctx), actorOf(ctx), postId(ctx), true)), (post) => ({ post })));
  v2Write(r, 'removeBookmark', (ctx) =>
    answered(200, runNow(bookmark(store(ctx), actorOf(ctx), postId(ctx), false)), (post) => ({ post })),
  );
}
