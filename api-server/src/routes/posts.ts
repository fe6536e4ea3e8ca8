/** /posts endpoints: feeds, lookups, create/edit/delete (author only), like and dislike (mock-api/src/server/routes/posts.ts). */
import { createPost, deletePost, editPost, postDraftOf, postSortOf, react } from '@social/mock-api/core';
import { perform } from '../live/log';
import { fail } from '@social/mock-api/errors';
import { wholeNumber } from '@social/mock-api/rules';
import { one, rows, sql } from '../db';
import { actorOf, created, ok } from '../kit';
import { SqlPostStore } from '../post-store';
import type { RouteKit } from './kit';

/** Largest page size a caller may ask for; the explore feed asks for 2. */
const MAX_PAGE_LIMIT = 1000;

export function postRoutes(r: RouteKit): void {
  r.route('GET', '/posts', ({ tx }) => tx(async (t) => ok({ posts: await t.render.posts() })));

  // Cumulative explore page: the first page*limit + limit posts, by likes plus comments (newest first on ties) or newest first.
  r.route('GET', '/posts/:limit/:page', ({ params, query, tx }) => {
    const limit = wholeNumber(params.limit, 'limit');
    const page = wholeNumber(params.page, 'page');
    if (limit < 1 || limit > MAX_PAGE_LIMIT) throw fail.badRequest(`"limit" must be between 1 and ${MAX_PAGE_LIMIT}.`);
    const sort = postSortOf(query.sort, 'v1');
    const count = page * limit + limit;
    return tx(async (t) => {
      // Trending's score (mock-api/src/core/posts.ts, trendingScore) from the stored counts.
      const query =
        sort === 'latest'
          ? sql<{ id: string }>`select p.id from posts p order by p.created_at desc, p.seq limit ${count}`
          : sql<{
              id: string;
            }>`select p.id from posts p order by p.like_count + p.comment_count desc, p.created_at desc, p.seq limit ${count}`;
      const ids = (await rows(t.ex, query)).map((row) => row.id);
      return ok({ posts: await t.render.posts({ ids }) });
    });
  });

  r.route('GET', '/posts/:postId', ({ params, tx }) =>
    tx(async (t) => {
      const [post] = await t.render.posts({ ids: [params.postId ?? ''] });
      if (!post) throw fail.postNotFound();
      return ok({ post });
    }),
  );

  // By the author's username (login e-mail); a userHandler is accepted too.
  r.route('GET', '/posts/user/:username', ({ params, tx }) =>
    tx(async (t) => {
      const key = (params.username ?? '').trim();
      const author =
        (await one(t.ex, sql<{ id: string }>`select id from members where lower(username) = lower(${key})`)) ??
        (await one(t.ex, sql<{ id: string }>`select id from members where lower(user_handler) = lower(${key})`));
      if (!author) throw fail.memberNotFound();
      const ids = (
        await rows(t.ex, sql<{ id: string }>`select id from posts where author_id = ${author.id} order by created_at desc, seq`)
      ).map((p) => p.id);
      return ok({ posts: await t.render.posts({ ids }) });
    }),
  );

  // The author is the token holder; a userId in postData is ignored (it could name someone else).
  // Every write answers every post (SPEC §7); the rules are the core's (mock-api/src/core/posts.ts).
  r.route('POST', '/posts', (ctx) =>
    ctx.tx(async (t) => {
      const caller = await t.caller();
      await perform(t.ex, createPost(new SqlPostStore(t.ex, ctx.origin), actorOf(ctx, caller), postDraftOf(ctx.body, 'v1')));
      return created({ posts: await t.render.posts() });
    }),
  );

  r.route('POST', '/posts/edit/:postId', (ctx) =>
    ctx.tx(async (t) => {
      const caller = await t.caller();
      await perform(
        t.ex,
        editPost(new SqlPostStore(t.ex, ctx.origin), actorOf(ctx, caller), ctx.params.postId ?? '', postDraftOf(ctx.body, 'v1')),
      );
      return created({ posts: await t.render.posts() });
    }),
  );

  r.route('DELETE', '/posts/:postId', (ctx) =>
    ctx.tx(async (t) => {
      const caller = await t.caller();
      await perform(t.ex, deletePost(new SqlPostStore(t.ex, ctx.origin), actorOf(ctx, caller), ctx.params.postId ?? ''));
      return created({ posts: await t.render.posts() });
    }),
  );

  // The reaction and its notification: one transaction.
  for (const kind of ['like', 'dislike'] as const)
    r.route('POST', `/posts/${kind}/:postId`, (ctx) =>
      ctx.tx(async (t) => {
        const caller = await t.caller();
        await perform(t.ex, react(new SqlPostStore(t.ex, ctx.origin), actorOf(ctx, caller), ctx.params.postId ?? '', kind));
        return created({ posts: await t.render.posts() });
      }),
    );
}
