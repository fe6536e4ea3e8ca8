/**
 * The followed tags' part of the home feed (mock-api/src/core/tags.ts) as SQL, which
 * src/v2/post-lists.ts (homeIds) and src/v2/repost-lists.ts (homeWithReposts) union with the authors' part. Latest: one range of
 * post_tags_by_tag per followed tag (a page costs tags × page size index reads, as authors do).
 * Trending: each followed tag's reacted posts, sorted by score (no index orders a tag's posts by
 * score: a tag's posts are read whole).
 */
import type { PostKey } from '@social/mock-api/core';
import type { RawBuilder } from 'kysely';
import { sql } from './db';

/** `select id, created_at[, score]` of up to `count` posts of each tag `memberId` follows, after `after`, shown to them. */
export function followedTagPosts(
  memberId: string,
  trending: boolean,
  after: PostKey | null,
  count: number,
  shown: (author: RawBuilder<unknown>) => RawBuilder<unknown>,
  /** More conditions on a Latest post (`postId`): the home feed with reposts leaves out a post listed at a newer repost. */
  also: (postId: RawBuilder<unknown>) => RawBuilder<unknown> = () => sql``,
): RawBuilder<unknown> {
  if (!trending) {
    const afterKey =
      after && after.length === 2
        ? sql`and (t.created_at, t.post_id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")`
        : sql``;
    // The author by the post's primary key, row by row: the tag's range is read in order and stops
    // at the page (a join let the planner hash every post for each tag: bench:server, 20 followed tags).
    return sql`select q.id, q.created_at from followed_tags f cross join lateral (
        select t.post_id as id, t.created_at from post_tags t
        where t.tag = f.tag ${afterKey} ${shown(sql`(select p.author_id from posts p where p.id = t.post_id)`)} ${also(sql`t.post_id`)}
        order by t.created_at desc, t.post_id collate "C" desc limit ${count}) q
      where f.member_id = ${memberId}`;
  }
  const afterKey =
    after && after.length === 3
      ? sql`and (p.like_count + p.comment_count, p.created_at, p.id collate "C") < (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::text collate "C")`
      : sql``;
  return sql`select q.id, q.created_at, q.score from followed_tags f cross join lateral (
      select p.id, p.created_at, p.like_count + p.comment_count as score from post_tags t join posts p on p.id = t.post_id
      where t.tag = f.tag and p.like_count + p.comment_count > 0 ${afterKey} ${shown(sql`p.author_id`)}
      order by p.like_count + p.comment_count desc, p.created_at desc, p.id collate "C" desc limit ${count}) q
    where f.member_id = ${memberId}`;
}
