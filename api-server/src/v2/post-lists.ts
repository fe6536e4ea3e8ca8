/**
 * The post lists as SQL: the ids of a list after a sort key, in the list's order, from one index
 * range each (docs/api.md, "api-server", names the index of each). The core pages them
 * (mock-api/src/core/posts.ts, readPostPage):
 *   Latest (explore):  posts_latest            (created_at desc, id desc)
 *   Trending:          posts_trending, partial (like_count + comment_count desc, created_at desc, id desc) where the sum > 0
 *   A member's posts:  posts_by_author_latest  (author_id, created_at desc, id desc)
 *   Home:              the same index (posts_trending_by_author for Trending), one range per author in
 *                      (me, my followers, my following), and one range of post_tags_by_tag per
 *                      followed tag, merged
 *   Bookmarks:         bookmarks_by_member     (member_id, seq desc)
 *   Activities:        a member's posts, reactions, comments and replies, newest post first
 *   A tag's posts:     post_tags_by_tag        (tag, created_at desc, post_id desc)
 * Ids compare byte by byte (collate "C"), as the fake backend compares them.
 * With a viewer, each list leaves out what safety hides from them (src/safety-filters.ts, shownTo:
 * the viewer's hidden set, read once per query and hashed; docs/safety.md): explore, home, tag pages and
 * activities skip members blocked either way or muted; a member's posts are none for a viewer
 * that member blocked.
 */
import { LIST_TAGS, pageFrom, type ListKey, type PageRequest, type PostKey, type PostList } from '@social/mock-api/core';
import type { PostV2 } from '@social/mock-api/contract-v2';
import type { RawBuilder } from 'kysely';
import { rows, sql, type Executor } from '../db';
import { followedTagPosts } from '../followed-tag-posts';
import { notBlockedBy, shownTo } from '../safety-filters';
import type { RendererV2 } from './render';

export const BOOKMARKS_LIST: ListKey = { tag: LIST_TAGS.bookmarks, shape: ['int'] };

/** `and (created_at, id) < (key)` for a newest-first list of posts aliased `p`. */
const afterLatest = (after: PostKey | null) =>
  after && after.length === 2
    ? sql`and (p.created_at, p.id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")`
    : sql``;

/** `and (likes + comments, created_at, id) < (key)` for a trending list of posts aliased `p`. */
const afterTrending = (after: PostKey | null) =>
  after && after.length === 3
    ? sql`and (p.like_count + p.comment_count, p.created_at, p.id collate "C") < (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::text collate "C")`
    : sql``;

/** The ids of up to `count` posts of `list` after `after`, in the list's order. */
export function postIdsAfter(list: PostList, after: PostKey | null, count: number, viewerId: string | null): RawBuilder<{ id: string }> {
  const shown = shownTo(viewerId, sql`p.author_id`);
  switch (list.kind) {
    case 'explore':
      return list.sort === 'latest'
        ? sql`select p.id from posts p where true ${afterLatest(after)} ${shown}
            order by p.created_at desc, p.id collate "C" desc limit ${count}`
        : sql`select p.id from posts p where p.like_count + p.comment_count > 0 ${afterTrending(after)} ${shown}
            order by p.like_count + p.comment_count desc, p.created_at desc, p.id collate "C" desc limit ${count}`;
    case 'home':
      return homeIds(list.memberId, list.sort === 'trending', after, count);
    case 'member':
      return sql`select p.id from posts p where p.author_id = ${list.memberId} ${afterLatest(after)} ${notBlockedBy(viewerId, sql`p.author_id`)}
        order by p.created_at desc, p.id collate "C" desc limit ${count}`;
    case 'activities':
      // Posts the member wrote, liked, disliked, reposted, commented on or replied to, newest post first.
      return sql`select p.id from posts p
        where p.id in (
          select id from posts where author_id = ${list.memberId}
          union select post_id from post_reactions where member_id = ${list.memberId}
          union select post_id from post_reposts where member_id = ${list.memberId}
          union select post_id from comments where author_id = ${list.memberId}
          union select c.post_id from replies r join comments c on c.id = r.comment_id where r.author_id = ${list.memberId})
        ${afterLatest(after)} ${shown} ${notBlockedBy(viewerId, sql`${list.memberId}::text`)}
        order by p.created_at desc, p.id collate "C" desc limit ${count}`;
    case 'tag':
      if (viewerId)
        return sql`select t.post_id as id from post_tags t join posts p on p.id = t.post_id where t.tag = ${list.tag}
          ${after && after.length === 2 ? sql`and (t.created_at, t.post_id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")` : sql``}
          ${shown}
          order by t.created_at desc, t.post_id collate "C" desc limit ${count}`;
      return sql`select t.post_id as id from post_tags t where t.tag = ${list.tag}
        ${after && after.length === 2 ? sql`and (t.created_at, t.post_id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")` : sql``}
        order by t.created_at desc, t.post_id collate "C" desc limit ${count}`;
  }
}

/**
 * Home: posts by me, my followers and the people I follow, less the authors safety hides from me.
 * Each author's first posts come from their own index range (posts_by_author_latest, or
 * posts_trending_by_author), then the ranges are merged: a page costs (number of authors) ×
 * (page size) index reads, whatever the network's size.
 */
function homeIds(memberId: string, trending: boolean, after: PostKey | null, count: number): RawBuilder<{ id: string }> {
  const authors = sql`with authors (id) as (
        select ${memberId}::text
        union select f.follower_id from follows f where f.followee_id = ${memberId}
        union select f.followee_id from follows f where f.follower_id = ${memberId}),
      shown (id) as (select a.id from authors a where true ${shownTo(memberId, sql`a.id`)})`;
  // `union` with the followed tags' posts (src/followed-tag-posts.ts): a post there for two reasons is given once.
  const tagged = followedTagPosts(memberId, trending, after, count, (author) => shownTo(memberId, author));
  if (!trending) {
    return sql`${authors}
      select q.id from (select q.id, q.created_at from shown a cross join lateral (
        select p.id, p.created_at from posts p where p.author_id = a.id ${afterLatest(after)}
        order by p.created_at desc, p.id collate "C" desc limit ${count}) q
        union ${tagged}) q
      order by q.created_at desc, q.id collate "C" desc limit ${count}`;
  }
  return sql`${authors}
    select q.id from (select q.id, q.created_at, q.score from shown a cross join lateral (
      select p.id, p.created_at, p.like_count + p.comment_count as score from posts p
      where p.author_id = a.id and p.like_count + p.comment_count > 0 ${afterTrending(after)}
      order by p.like_count + p.comment_count desc, p.created_at desc, p.id collate "C" desc limit ${count}) q
      union ${tagged}) q
    order by q.score desc, q.created_at desc, q.id collate "C" desc limit ${count}`;
}

/** The member's bookmarks, most recently saved first, but for posts whose author blocked the member (they are 404 to them). */
export async function bookmarksPage(
  ex: Executor,
  v2: RendererV2,
  memberId: string,
  page: PageRequest,
): Promise<{ posts: PostV2[]; nextCursor: string | null }> {
  const found = await rows(
    ex,
    sql<{ id: string; seq: string }>`select b.post_id as id, b.seq::text as seq from bookmarks b join posts p on p.id = b.post_id
      where b.member_id = ${memberId} ${page.after ? sql`and b.seq < ${page.after[0]}::bigint` : sql``}
        ${notBlockedBy(memberId, sql`p.author_id`)}
      order by b.seq desc limit ${page.limit + 1}`,
  );
  const { items, nextCursor } = pageFrom(found, page, (row) => [Number(row.seq)]);
  return { posts: await v2.posts(items.map((row) => row.id)), nextCursor };
}
