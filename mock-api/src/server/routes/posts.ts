/** /posts endpoints: feeds, lookups, create/edit/delete (author only), like and dislike (client: mock-api/src/client.ts). */
import { fail } from '../errors';
import { runNow } from '../../core/operation';
import { createPost, deletePost, editPost, postDraftOf, postSortOf, react, trendingScore } from '../../core/posts';
import type { Ctx } from '../backend';
import { MemoryPostStore } from '../post-store';
import { findPost, sortNewestFirst, type Db, type StoredPost } from '../store';
import { wholeNumber } from '../validate';
import { actorOf, created, ok, type RouteKit } from './kit';

const store = (ctx: Ctx) => new MemoryPostStore(ctx);

export function postOr404(db: Db, postId: string | undefined): StoredPost {
  const post = findPost(db, postId ?? '');
  if (!post) throw fail.postNotFound();
  return post;
}

const score = (p: StoredPost) => trendingScore({ likeCount: p.likeCount, commentCount: p.comments.length });
/** Largest page size a caller may ask for; the explore feed asks for 2. */
const MAX_PAGE_LIMIT = 1000;

export function postRoutes(r: RouteKit): void {
  r.read('get', '/posts', ({ render }) => ok({ posts: render.posts() }));

  // Cumulative explore page: the first page*limit + limit posts, by likes plus comments (newest
  // first on ties), or newest first with ?sort=latest.
  r.read('get', '/posts/:limit/:page', ({ db, params, query, render }) => {
    const limit = wholeNumber(params.limit, 'limit');
    const page = wholeNumber(params.page, 'page');
    if (limit < 1 || limit > MAX_PAGE_LIMIT) throw fail.badRequest(`"limit" must be between 1 and ${MAX_PAGE_LIMIT}.`);
    const sort = postSortOf(query.sort, 'v1');
    const newest = sortNewestFirst(db.posts);
    const sorted = sort === 'latest' ? newest : newest.sort((a, b) => score(b) - score(a));
    return ok({ posts: sorted.slice(0, page * limit + limit).map((p) => render.post(p)) });
  });

  r.read('get', '/posts/:postId', ({ db, params, render }) => ok({ post: render.post(postOr404(db, params.postId)) }));

  // By the author's username (login e-mail); a userHandler is accepted too, for convenience.
  r.read('get', '/posts/user/:username', ({ db, params, render }) => {
    const key = (params.username ?? '').trim().toLowerCase();
    const author = db.users.find((u) => u.username.toLowerCase() === key) ?? db.users.find((u) => u.userHandler.toLowerCase() === key);
    if (!author) throw fail.memberNotFound();
    return ok({ posts: sortNewestFirst(db.posts.filter((p) => p.userId === author._id)).map((p) => render.post(p)) });
  });

  // The author is the token holder; a userId in postData is ignored (it could name someone else).
  // Every write answers every post (SPEC §7); the rules are the core's (../../core/posts.ts).
  r.write('post', '/posts', (ctx) => {
    const { events } = runNow(createPost(store(ctx), actorOf(ctx), postDraftOf(ctx.body, 'v1')));
    return created({ posts: ctx.render.posts() }, events);
  });

  r.write('post', '/posts/edit/:postId', (ctx) => {
    const { events } = runNow(editPost(store(ctx), actorOf(ctx), ctx.params.postId ?? '', postDraftOf(ctx.body, 'v1')));
    return created({ posts: ctx.render.posts() }, events);
  });

  // Ownership refusals are 403 throughout this API (see errors.ts).
  r.write('delete', '/posts/:postId', (ctx) => {
    const { events } = runNow(deletePost(store(ctx), actorOf(ctx), ctx.params.postId ?? ''));
    return created({ posts: ctx.render.posts() }, events);
  });

  for (const kind of ['like', 'dislike'] as const)
    r.write('post', `/posts/${kind}/:postId`, (ctx) => {
      const { events } = runNow(react(store(ctx), actorOf(ctx), ctx.params.postId ?? '', kind));
      return created({ posts: ctx.render.posts() }, events);
    });
}
