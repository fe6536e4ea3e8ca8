/**
 * The post lists of /api/v2 as keyset pages. Each reads `limit + 1` ids from one index range
 * (docs/api.md, "api-server", names the index of each) and renders only the page:
 *   Latest (explore):  posts_latest            (created_at desc, id desc)
 *   Trending:          posts_trending, partial (like_count + comment_count desc, created_at desc, id desc) where the sum > 0
 *   A member's posts:  posts_by_author_latest  (author_id, created_at desc, id desc)
 *   Home:              the same index (posts_trending_by_author for Trending), one range per author in
 *                      (me, my followers, my following), merged
 *   Bookmarks:         bookmarks_by_member     (member_id, seq desc)
 *   Activities:        a member's posts, reactions, comments and replies, newest post first
 * Ids compare byte by byte (collate "C"), as the fake backend compares them.
 */
import type { PostSort } from '@social/mock-api/contract';
import type { PostV2 } from '@social/mock-api/contract-v2';
import { sql } from '../db';
import { feedTag, LIST_TAGS, type Key, type ListKey, type PageRequest } from '@social/mock-api/core';
import type { RendererV2 } from './render';

/** The sort keys' shapes: newest first ([created, id]), trending ([likes + comments, created, id]), bookmarks ([seq]). */
const LATEST_KEY = ['iso', 'text'] as const;
const TRENDING_KEY = ['int4', 'iso', 'text'] as const;

/** A feed's list (explore or home) in one sort. */
export const feedList = (feed: 'explore' | 'home', sort: PostSort): ListKey => ({
  tag: feedTag(feed, sort),
  shape: sort === 'latest' ? LATEST_KEY : TRENDING_KEY,
});
export const MEMBER_POSTS_LIST: ListKey = { tag: LIST_TAGS.memberPosts, shape: LATEST_KEY };
export const ACTIVITIES_LIST: ListKey = { tag: LIST_TAGS.activities, shape: LATEST_KEY };
export const BOOKMARKS_LIST: ListKey = { tag: LIST_TAGS.bookmarks, shape: ['int'] };

type Found = Promise<{ posts: PostV2[]; nextCursor: string | null }>;

interface LatestRow {
  id: string;
  created_iso: string;
}
const latestKey = (row: LatestRow): Key => [row.created_iso, row.id];

/** `and (created_at, id) < (cursor)` for a newest-first list of posts aliased `p`. */
const afterLatest = (after: Key | null) =>
  after ? sql`and (p.created_at, p.id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")` : sql``;

/** `and (likes + comments, created_at, id) < (cursor)` for a trending list of posts aliased `p`. */
const afterTrending = (after: Key | null) =>
  after
    ? sql`and (p.like_count + p.comment_count, p.created_at, p.id collate "C") < (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::text collate "C")`
    : sql``;
const trendingKey = (row: LatestRow & { score: number }): Key => [row.score, row.created_iso, row.id];

export function explorePage(v2: RendererV2, sort: PostSort, page: PageRequest): Found {
  if (sort === 'latest') {
    return v2.postPage(
      sql<LatestRow>`select p.id, p.created_iso from posts p where true ${afterLatest(page.after)}
        order by p.created_at desc, p.id collate "C" desc limit ${page.limit + 1}`,
      page,
      latestKey,
    );
  }
  return v2.postPage(
    sql<LatestRow & { score: number }>`select p.id, p.created_iso, p.like_count + p.comment_count as score from posts p
      where p.like_count + p.comment_count > 0 ${afterTrending(page.after)}
      order by p.like_count + p.comment_count desc, p.created_at desc, p.id collate "C" desc limit ${page.limit + 1}`,
    page,
    trendingKey,
  );
}

/**
 * Home: posts by me, my followers and the people I follow. Each author's first page comes from
 * their own index range (posts_by_author_latest, or posts_trending_by_author), then the ranges
 * are merged: a page costs (number of authors) × (page size) index reads, whatever the network's size.
 */
export function homePage(v2: RendererV2, memberId: string, sort: PostSort, page: PageRequest): Found {
  const authors = sql`with authors (id) as (
        select ${memberId}::text
        union select f.follower_id from follows f where f.followee_id = ${memberId}
        union select f.followee_id from follows f where f.follower_id = ${memberId})`;
  if (sort === 'latest') {
    return v2.postPage(
      sql<LatestRow>`${authors}
        select q.id, q.created_iso from authors a cross join lateral (
          select p.id, p.created_at, p.created_iso from posts p where p.author_id = a.id ${afterLatest(page.after)}
          order by p.created_at desc, p.id collate "C" desc limit ${page.limit + 1}) q
        order by q.created_at desc, q.id collate "C" desc limit ${page.limit + 1}`,
      page,
      latestKey,
    );
  }
  return v2.postPage(
    sql<LatestRow & { score: number }>`${authors}
      select q.id, q.created_iso, q.score from authors a cross join lateral (
        select p.id, p.created_at, p.created_iso, p.like_count + p.comment_count as score from posts p
        where p.author_id = a.id and p.like_count + p.comment_count > 0 ${afterTrending(page.after)}
        order by p.like_count + p.comment_count desc, p.created_at desc, p.id collate "C" desc limit ${page.limit + 1}) q
      order by q.score desc, q.created_at desc, q.id collate "C" desc limit ${page.limit + 1}`,
    page,
    trendingKey,
  );
}

export function memberPostsPage(v2: RendererV2, memberId: string, page: PageRequest): Found {
  return v2.postPage(
    sql<LatestRow>`select p.id, p.created_iso from posts p where p.author_id = ${memberId} ${afterLatest(page.after)}
      order by p.created_at desc, p.id collate "C" desc limit ${page.limit + 1}`,
    page,
    latestKey,
  );
}

/** Posts the member wrote, liked, disliked, commented on or replied to, newest post first. */
export function activitiesPage(v2: RendererV2, memberId: string, page: PageRequest): Found {
  return v2.postPage(
    sql<LatestRow>`select p.id, p.created_iso from posts p
      where p.id in (
        select id from posts where author_id = ${memberId}
        union select post_id from post_reactions where member_id = ${memberId}
        union select post_id from comments where author_id = ${memberId}
        union select c.post_id from replies r join comments c on c.id = r.comment_id where r.author_id = ${memberId})
      ${afterLatest(page.after)}
      order by p.created_at desc, p.id collate "C" desc limit ${page.limit + 1}`,
    page,
    latestKey,
  );
}

/** The member's bookmarks, most recently saved first. */
export function bookmarksPage(v2: RendererV2, memberId: string, page: PageRequest): Found {
  return v2.postPage(
    sql<{ id: string; seq: string }>`select b.post_id as id, b.seq::text as seq from bookmarks b
      where b.member_id = ${memberId} ${page.after ? sql`and b.seq < ${page.after[0]}::bigint` : sql``}
      order by b.seq desc limit ${page.limit + 1}`,
    page,
    (row) => [Number(row.seq)],
  );
}
