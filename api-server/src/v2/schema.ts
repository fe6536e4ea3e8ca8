/**
 * Schema for the product's own API (/api/v2), as one migration added after the released one:
 *
 * - Stored counts: posts.like_count, dislike_count, comment_count; comments.upvote_count;
 *   members.post_count, follower_count, following_count, bookmark_count. They are backfilled here
 *   and kept right by triggers on the tables they count, in the same transaction as the write
 *   that changes them: every writer (v1 and v2 routes, the seed, a cascade when a post goes)
 *   keeps them right without repeating the arithmetic, and no answer changes.
 * - members.created_at (a timestamp, set from created_iso on every insert) so "newest member
 *   first" can use an index; posts.pic_alt (a picture's description, v2 only).
 * - One index per v2 list, in the list's order, so a page is an index range read
 *   (docs/api.md, "api-server", lists each one and what it serves).
 * - pg_trgm and a trigram index for member search (substring matches of names and handles).
 */
import { sql, type Kysely, type Migration } from 'kysely';

const run = async (db: Kysely<unknown>, list: readonly string[]) => {
  for (const statement of list) await sql.raw(statement).execute(db);
};

/**
 * Every stored count recomputed from the rows it counts, set-based. The migration's backfill,
 * and bulk loads that write with the count triggers off (the server bench).
 */
export const RECOUNT: readonly string[] = [
  `update posts p set like_count = coalesce(r.likes, 0), dislike_count = coalesce(r.dislikes, 0)
    from posts q left join (select post_id, count(*) filter (where kind = 'like')::int as likes, count(*) filter (where kind = 'dislike')::int as dislikes
      from post_reactions group by post_id) r on r.post_id = q.id
    where q.id = p.id and (p.like_count, p.dislike_count) is distinct from (coalesce(r.likes, 0), coalesce(r.dislikes, 0))`,
  `update posts p set comment_count = coalesce(c.n, 0)
    from posts q left join (select post_id, count(*)::int as n from comments group by post_id) c on c.post_id = q.id
    where q.id = p.id and p.comment_count <> coalesce(c.n, 0)`,
  `update comments c set upvote_count = coalesce(u.n, 0)
    from comments d left join (select comment_id, count(*)::int as n from comment_upvotes group by comment_id) u on u.comment_id = d.id
    where d.id = c.id and c.upvote_count <> coalesce(u.n, 0)`,
  `update members m set post_count = coalesce(x.posts, 0), follower_count = coalesce(x.followers, 0), following_count = coalesce(x.following, 0), bookmark_count = coalesce(x.bookmarks, 0)
    from members n left join (
      select id, sum(posts)::int as posts, sum(followers)::int as followers, sum(following)::int as following, sum(bookmarks)::int as bookmarks from (
        select author_id as id, count(*) as posts, 0 as followers, 0 as following, 0 as bookmarks from posts group by author_id
        union all select followee_id, 0, count(*), 0, 0 from follows group by followee_id
        union all select follower_id, 0, 0, count(*), 0 from follows group by follower_id
        union all select member_id, 0, 0, 0, count(*) from bookmarks group by member_id
      ) counted group by id
    ) x on x.id = n.id
    where n.id = m.id
      and (m.post_count, m.follower_count, m.following_count, m.bookmark_count)
        is distinct from (coalesce(x.posts, 0), coalesce(x.followers, 0), coalesce(x.following, 0), coalesce(x.bookmarks, 0))`,
];

/** The tables whose rows are counted, each with its count trigger (bulk loads turn them off and RECOUNT after). */
export const COUNTED_TABLES = ['post_reactions', 'comments', 'comment_upvotes', 'posts', 'follows', 'bookmarks'] as const;

const TRIGGERS: readonly string[] = [
  `create function count_post_reactions() returns trigger language plpgsql as $$
  begin
    if tg_op in ('DELETE', 'UPDATE') then
      update posts set like_count = like_count - (old.kind = 'like')::int, dislike_count = dislike_count - (old.kind = 'dislike')::int where id = old.post_id;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      update posts set like_count = like_count + (new.kind = 'like')::int, dislike_count = dislike_count + (new.kind = 'dislike')::int where id = new.post_id;
    end if;
    return null;
  end $$`,
  `create trigger post_reactions_count after insert or update or delete on post_reactions for each row execute function count_post_reactions()`,
  `create function count_comments() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then update posts set comment_count = comment_count + 1 where id = new.post_id;
    else update posts set comment_count = comment_count - 1 where id = old.post_id;
    end if;
    return null;
  end $$`,
  `create trigger comments_count after insert or delete on comments for each row execute function count_comments()`,
  `create function count_comment_upvotes() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then update comments set upvote_count = upvote_count + 1 where id = new.comment_id;
    else update comments set upvote_count = upvote_count - 1 where id = old.comment_id;
    end if;
    return null;
  end $$`,
  `create trigger comment_upvotes_count after insert or delete on comment_upvotes for each row execute function count_comment_upvotes()`,
  `create function count_posts() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then update members set post_count = post_count + 1 where id = new.author_id;
    else update members set post_count = post_count - 1 where id = old.author_id;
    end if;
    return null;
  end $$`,
  `create trigger posts_count after insert or delete on posts for each row execute function count_posts()`,
  `create function count_follows() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      update members set following_count = following_count + 1 where id = new.follower_id;
      update members set follower_count = follower_count + 1 where id = new.followee_id;
    else
      update members set following_count = following_count - 1 where id = old.follower_id;
      update members set follower_count = follower_count - 1 where id = old.followee_id;
    end if;
    return null;
  end $$`,
  `create trigger follows_count after insert or delete on follows for each row execute function count_follows()`,
  `create function count_bookmarks() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then update members set bookmark_count = bookmark_count + 1 where id = new.member_id;
    else update members set bookmark_count = bookmark_count - 1 where id = old.member_id;
    end if;
    return null;
  end $$`,
  `create trigger bookmarks_count after insert or delete on bookmarks for each row execute function count_bookmarks()`,
  // created_iso is what answers show; created_at is the same instant as a timestamp, for ordering.
  `create function member_created_at() returns trigger language plpgsql as $$
  begin
    new.created_at := new.created_iso::timestamptz;
    return new;
  end $$`,
  `create trigger members_created_at before insert or update of created_iso on members for each row execute function member_created_at()`,
];

export const V2_SCHEMA_MIGRATION: Migration = {
  async up(db) {
    await run(db, [
      `create extension if not exists pg_trgm`,
      `alter table posts
        add column like_count integer not null default 0,
        add column dislike_count integer not null default 0,
        add column comment_count integer not null default 0,
        add column pic_alt text not null default ''`,
      `alter table comments add column upvote_count integer not null default 0`,
      // A reply's last edit (v2 edits replies one by one); null: never edited.
      `alter table replies add column updated_iso text`,
      `alter table members
        add column post_count integer not null default 0,
        add column follower_count integer not null default 0,
        add column following_count integer not null default 0,
        add column bookmark_count integer not null default 0,
        add column created_at timestamptz`,
      `update members set created_at = created_iso::timestamptz`,
      `alter table members alter column created_at set not null`,
      ...RECOUNT,
      ...TRIGGERS,
      // Explore, Latest: (created_at, id) newest first. Ids compare byte by byte ("C") on every
      // server, as the fake backend compares them. Each list index includes created_iso (the
      // cursor's text), so a page's keys come from the index alone (an index-only scan, in
      // order): without it the planner may fetch a prolific author's every post and sort them.
      `create index posts_latest on posts (created_at desc, id collate "C" desc) include (created_iso)`,
      // Explore, Trending: only posts with a like or a comment, by likes + comments.
      `create index posts_trending on posts ((like_count + comment_count) desc, created_at desc, id collate "C" desc) include (created_iso) where like_count + comment_count > 0`,
      // A member's posts, and Home (one range per author, merged).
      `create index posts_by_author_latest on posts (author_id, created_at desc, id collate "C" desc) include (created_iso)`,
      `drop index posts_by_author`,
      // Home, Trending: the same, per author, for posts with a like or a comment.
      `create index posts_trending_by_author on posts (author_id, (like_count + comment_count) desc, created_at desc, id collate "C" desc) include (created_iso) where like_count + comment_count > 0`,
      // Bookmarks, most recently saved first.
      `create index bookmarks_by_member on bookmarks (member_id, seq desc)`,
      // Followers and following, most recent follow first (each side keeps its own position).
      `create index follows_followers on follows (followee_id, follower_pos desc)`,
      `create index follows_following on follows (follower_id, following_pos desc)`,
      `drop index follows_followee`,
      // Activities: what a member reacted to, commented on or replied to.
      `create index post_reactions_by_member on post_reactions (member_id)`,
      `create index comments_by_author on comments (author_id)`,
      `create index replies_by_author on replies (author_id)`,
      // Suggested members, newest first.
      `create index members_newest on members (created_at desc, id collate "C" desc)`,
      // Search: substring matches (LIKE '%q%') of names and handle through trigrams, and the
      // answer's order (by handle).
      `create index members_search on members using gin ((lower(first_name || ' ' || last_name || ' ' || user_handler)) gin_trgm_ops)`,
      `create index members_by_handler on members (user_handler collate "C", id collate "C")`,
    ]);
  },
  async down(db) {
    await run(db, [
      `drop index members_by_handler`,
      `drop index members_search`,
      `drop index members_newest`,
      `drop index replies_by_author`,
      `drop index comments_by_author`,
      `drop index post_reactions_by_member`,
      `create index follows_followee on follows (followee_id)`,
      `drop index follows_following`,
      `drop index follows_followers`,
      `drop index bookmarks_by_member`,
      `create index posts_by_author on posts (author_id, created_at desc)`,
      `drop index posts_trending_by_author`,
      `drop index posts_by_author_latest`,
      `drop index posts_trending`,
      `drop index posts_latest`,
      `drop trigger members_created_at on members`,
      `drop function member_created_at`,
      ...COUNTED_TABLES.map((table) => `drop trigger ${table}_count on ${table}`),
      `drop function count_post_reactions`,
      `drop function count_comments`,
      `drop function count_comment_upvotes`,
      `drop function count_posts`,
      `drop function count_follows`,
      `drop function count_bookmarks`,
      `alter table members drop column post_count, drop column follower_count, drop column following_count, drop column bookmark_count, drop column created_at`,
      `alter table replies drop column updated_iso`,
      `alter table comments drop column upvote_count`,
      `alter table posts drop column like_count, drop column dislike_count, drop column comment_count, drop column pic_alt`,
    ]);
  },
};
