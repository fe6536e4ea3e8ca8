/**
 * The post lists with reposts as SQL (mock-api/src/core/reposts.ts): the home feed (Latest) and a
 * member's posts. Each is the merge of index ranges, as the lists of ./post-lists.ts are:
 *   a post as itself:  posts_by_author_latest   (author_id, created_at desc, id desc)
 *   a repost:          post_reposts_by_member   (member_id, created_at desc, post_id desc)
 *                        include (created_iso, post_author_id)
 * keyed alike [time, post id]. A range of reposts is read from the index alone: the repost's time
 * as text and its post's author (for the hidden-author filter) are in it, so no heap of posts or
 * post_reposts is read for a candidate (src/v2/reposts-schema.ts, REPOST_AUTHORS_MIGRATION).
 * A post is listed once, at its newest appearance:
 * - as itself, it is skipped inside its range when one of the list's reposters reposted it (a
 *   probe of the primary key);
 * - on home's first page, the reposts are deduplicated among the ranges' candidates (the newest
 *   repost of each post among them, row_number), with no probe per row. That is exact: a repost on
 *   the page is within the first `count` rows of its reposter's range (each row above it is on the
 *   page, or is a post whose newest repost is), and a candidate whose newer repost is not among the
 *   candidates has `count` rows of the newer reposter above it, so it is not on the page either;
 * - on a later page, the newer repost may have been on an earlier page: there a repost is skipped
 *   inside its range when a newer one of the same post by another reposter exists (an index-only
 *   probe of post_reposts_by_post), so each range still gives `count` rows the page keeps.
 * The ranges are per member, so a page costs (members followed and circle) × (page size) index
 * reads, whatever the network's size.
 */
import type { PostKey } from '@social/mock-api/core';
import type { RawBuilder } from 'kysely';
import { sql } from '../db';
import { followedTagPosts } from '../followed-tag-posts';
import { hiddenSet, notBlockedBy, shownTo } from '../safety-filters';

/** A listed post: its id, and the repost it is there for (null columns for a post there as itself). */
export type RepostListRow = { id: string; repost_by: string | null; repost_iso: string | null };

const afterPost = (after: PostKey | null) =>
  after && after.length === 2
    ? sql`and (p.created_at, p.id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")`
    : sql``;

const afterRepost = (after: PostKey | null) =>
  after && after.length === 2
    ? sql`and (r.created_at, r.post_id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")`
    : sql``;

/**
 * `and …`, on a later page: a repost `r` is left out of its range when a newer repost of its post
 * by another of the reposters exists (the post's newest appearance, maybe on an earlier page).
 */
const shownBefore = (after: PostKey | null) =>
  after && after.length === 2
    ? sql`and not exists (select 1 from post_reposts n where n.post_id = r.post_id and n.member_id in (select id from reposters)
        and (n.created_at, n.member_id collate "C") > (r.created_at, r.member_id collate "C"))`
    : sql``;

/**
 * Home (Latest): posts by me, my followers and the people I follow (SPEC §2), posts with a tag I
 * follow (a post there for two reasons is given once: `union`), and posts reposted by
 * the people I follow at the time of the newest such repost, less what safety hides from me
 * (the authors, and the reposters). At one time a repost comes before the post itself, and of
 * two reposts the greater member id: the order of core/reposts.ts, compareAppearances.
 */
export function homeWithReposts(memberId: string, after: PostKey | null, count: number): RawBuilder<RepostListRow> {
  return sql`with authors (id) as (
        select ${memberId}::text
        union select f.follower_id from follows f where f.followee_id = ${memberId}
        union select f.followee_id from follows f where f.follower_id = ${memberId}),
      shown (id) as (select a.id from authors a where true ${shownTo(memberId, sql`a.id`)}),
      reposters (id) as (select f.followee_id from follows f where f.follower_id = ${memberId} ${shownTo(memberId, sql`f.followee_id`)})
    select q.id, q.repost_by, q.repost_iso from (
      select o.id, o.at, null::text as repost_by, null::text as repost_iso from shown a cross join lateral (
        select p.id, p.created_at as at from posts p where p.author_id = a.id ${afterPost(after)}
          and not exists (select 1 from post_reposts r where r.post_id = p.id and r.member_id in (select id from reposters))
        order by p.created_at desc, p.id collate "C" desc limit ${count}) o
      union
      select t.id, t.created_at, null::text, null::text from (${followedTagPosts(
        memberId,
        false,
        after,
        count,
        (author) => shownTo(memberId, author),
        (postId) =>
          sql`and not exists (select 1 from post_reposts r where r.post_id = ${postId} and r.member_id in (select id from reposters))`,
      )}) t
      union all
      select d.post_id, d.at, d.member_id, d.created_iso from (
        select s.post_id, s.at, s.member_id, s.created_iso,
          row_number() over (partition by s.post_id order by s.at desc, s.member_id collate "C" desc) as nth
        from reposters f cross join lateral (
          select r.post_id, r.created_at as at, r.member_id, r.created_iso from post_reposts r
          where r.member_id = f.id ${afterRepost(after)} ${shownTo(memberId, sql`r.post_author_id`)} ${shownBefore(after)}
          order by r.created_at desc, r.post_id collate "C" desc limit ${count}) s) d
      where d.nth = 1
    ) q
    order by q.at desc, q.id collate "C" desc limit ${count}`;
}

/**
 * A member's posts: theirs and their reposts, newest first; none for a viewer that member
 * blocked; their reposts of posts whose author safety hides from the viewer are left out.
 */
export function memberWithReposts(
  memberId: string,
  after: PostKey | null,
  count: number,
  viewerId: string | null,
): RawBuilder<RepostListRow> {
  const hiddenAuthor = viewerId ? sql`and (r.post_author_id = ${memberId} or r.post_author_id not in (${hiddenSet(viewerId)}))` : sql``;
  return sql`select q.id, q.repost_by, q.repost_iso from (
      (select p.id, p.created_at as at, null::text as repost_by, null::text as repost_iso from posts p
        where p.author_id = ${memberId} ${afterPost(after)}
          and not exists (select 1 from post_reposts r where r.post_id = p.id and r.member_id = ${memberId})
        order by p.created_at desc, p.id collate "C" desc limit ${count})
      union all
      (select r.post_id, r.created_at, r.member_id, r.created_iso from post_reposts r
        where r.member_id = ${memberId} ${afterRepost(after)} ${hiddenAuthor}
        order by r.created_at desc, r.post_id collate "C" desc limit ${count})
    ) q
    where true ${notBlockedBy(viewerId, sql`${memberId}::text`)}
    order by q.at desc, q.id collate "C" desc limit ${count}`;
}
