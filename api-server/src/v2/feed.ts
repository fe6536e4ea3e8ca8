/** GET /v2/feed/home (auth) and /v2/feed/explore: a page of posts, Latest (default) or Trending. */
import { POST_SORTS, type PostSort } from '@social/mock-api/contract';
import { V2_ERRORS } from '@social/mock-api/contract-v2';
import { fail } from '@social/mock-api/errors';
import { ok } from '../kit';
import type { RouteKit } from '../routes/kit';
import { asMember, pageBody, read, route } from './kit';
import { pageRequest } from '@social/mock-api/core';
import { explorePage, feedList, homePage } from './post-lists';

export function sortOf(value: unknown): PostSort {
  if (value === undefined) return 'latest';
  if (typeof value === 'string' && (POST_SORTS as readonly string[]).includes(value)) return value as PostSort;
  throw fail.badRequest(V2_ERRORS.badSort);
}

const feedPage = (feed: 'explore' | 'home', query: Record<string, unknown>) => {
  const sort = sortOf(query.sort);
  return { sort, page: pageRequest(query, feedList(feed, sort)) };
};

export function feedRoutes(r: RouteKit): void {
  route(r, 'homeFeed', (ctx) => {
    const { sort, page } = feedPage('home', ctx.query);
    return asMember(ctx, async (t) => {
      const { posts, nextCursor } = await homePage(t.v2, t.me.id, sort, page);
      return ok(pageBody('posts', posts, nextCursor));
    });
  });

  route(r, 'exploreFeed', (ctx) => {
    const { sort, page } = feedPage('explore', ctx.query);
    return read(ctx, async (t) => {
      const { posts, nextCursor } = await explorePage(t.v2, sort, page);
      return ok(pageBody('posts', posts, nextCursor));
    });
  });
}
