/**
 * The hot writes' tables and functions (docs/architecture.md, "How a write reaches the database"):
 * - `notification_outbox`: one row per notice a like or dislike gave (mock-api/src/core/notifications.ts,
 *   Notice), written by the write's own statement, so it commits or rolls back with it; the
 *   outbox worker (./outbox.ts) delivers the rows in order and deletes them in one transaction.
 *   No foreign keys: a row whose post or members went is dropped by the worker (its delivery
 *   fails alone), and the insert takes no lock on the author's member row.
 * - `hot_react` and `hot_bookmark`: the whole write of a reaction or bookmark in one call (one
 *   round trip, atomic without a transaction of the caller's): the change, the notice, the
 *   change log's rows (the events the core's `react` and `bookmark` name, from the counts as
 *   the write left them) and the answer's counts and viewer fields.
 */
import { sql, type Migration } from 'kysely';

/** The channel a committed notice wakes the outbox workers on. */
export const OUTBOX_CHANNEL = 'orbit_outbox';

const run = async (db: Parameters<Migration['up']>[0], list: readonly string[]) => {
  for (const statement of list) await sql.raw(statement).execute(db);
};

/** The change log rows of a post's counts and the member's own view of it, as live/log.ts writes the core's post.counts and viewer.post. */
export const LOG_POST_VIEW = `perform log_events(jsonb_build_array(
      jsonb_build_object('kind', 'post.counts', 'entityId', p_post, 'postId', p_post, 'memberId', null, 'recipientId', null,
        'data', jsonb_build_object('postId', p_post, 'likeCount', c.like_count, 'dislikeCount', c.dislike_count, 'commentCount', c.comment_count,
          'repostCount', c.repost_count)),
      jsonb_build_object('kind', 'viewer.post', 'entityId', p_post, 'postId', p_post, 'memberId', p_member, 'recipientId', p_member,
        'data', jsonb_build_object('memberId', p_member, 'postId', p_post,
          'viewer', jsonb_build_object('reaction', c.reaction, 'bookmarked', c.bookmarked, 'reposted', c.reposted)))))`;

export const HOT_WRITES_MIGRATION: Migration = {
  up: (db) =>
    run(db, [
      `create table notification_outbox (
        seq bigint generated always as identity primary key,
        op text not null check (op in ('add', 'remove')),
        recipient_id text not null,
        actor_id text not null,
        kind text not null,
        group_key text not null,
        post_id text,
        comment_id text,
        reply_id text,
        at text not null
      )`,
      `create index notification_outbox_by_recipient on notification_outbox (recipient_id, seq)`,
      `create index notification_outbox_by_post on notification_outbox (post_id)`,
      // p_notice: a Notice (core/notifications.ts) as JSON, or null.
      `create function hot_react(p_member text, p_post text, p_kind text, p_notice jsonb)
      returns table (o_change text, o_like_count int, o_dislike_count int, o_comment_count int, o_reaction text, o_bookmarked boolean)
      language plpgsql as $$
      declare
        done boolean;
        c record;
      begin
        insert into post_reactions (post_id, member_id, kind) select id, p_member, p_kind from posts where id = p_post
          on conflict (post_id, member_id) do update set kind = excluded.kind where post_reactions.kind <> excluded.kind
          returning true into done;
        if done is null then
          return query select case when exists (select 1 from posts where id = p_post) then 'same' else 'missing' end, 0, 0, 0, null::text, false;
          return;
        end if;
        if p_notice is not null then
          insert into notification_outbox (op, recipient_id, actor_id, kind, group_key, post_id, comment_id, reply_id, at)
          values (p_notice->>'op', p_notice->>'recipientId', p_notice->>'actorId', p_notice->'ref'->>'kind', p_notice->'ref'->>'key',
            p_notice->'ref'->>'postId', p_notice->'ref'->>'commentId', p_notice->'ref'->>'replyId', p_notice->>'now');
          perform pg_notify('${OUTBOX_CHANNEL}', '');
        end if;
        select p.like_count, p.dislike_count, p.comment_count, p.repost_count, p_kind as reaction,
          exists (select 1 from bookmarks b where b.member_id = p_member and b.post_id = p_post) as bookmarked,
          exists (select 1 from post_reposts rp where rp.post_id = p_post and rp.member_id = p_member) as reposted
        into c from posts p where p.id = p_post;
        ${LOG_POST_VIEW};
        return query select 'changed', c.like_count, c.dislike_count, c.comment_count, c.reaction, c.bookmarked;
      end $$`,
      `create function hot_bookmark(p_member text, p_post text, p_bookmarked boolean)
      returns table (o_change text, o_like_count int, o_dislike_count int, o_comment_count int, o_reaction text, o_bookmarked boolean)
      language plpgsql as $$
      declare
        done boolean;
        c record;
      begin
        if p_bookmarked then
          insert into bookmarks (member_id, post_id) values (p_member, p_post) on conflict do nothing returning true into done;
        else
          delete from bookmarks where member_id = p_member and post_id = p_post returning true into done;
        end if;
        if done is null then
          return query select case when exists (select 1 from posts where id = p_post) then 'same' else 'missing' end, 0, 0, 0, null::text, false;
          return;
        end if;
        select p.like_count, p.dislike_count, p.comment_count, p.repost_count, p_bookmarked as bookmarked,
          (select r.kind from post_reactions r where r.post_id = p_post and r.member_id = p_member) as reaction,
          exists (select 1 from post_reposts rp where rp.post_id = p_post and rp.member_id = p_member) as reposted
        into c from posts p where p.id = p_post;
        perform log_events(jsonb_build_array(
          jsonb_build_object('kind', 'viewer.post', 'entityId', p_post, 'postId', p_post, 'memberId', p_member, 'recipientId', p_member,
            'data', jsonb_build_object('memberId', p_member, 'postId', p_post,
              'viewer', jsonb_build_object('reaction', c.reaction, 'bookmarked', c.bookmarked, 'reposted', c.reposted)))));
        return query select 'changed', c.like_count, c.dislike_count, c.comment_count, c.reaction, c.bookmarked;
      end $$`,
    ]),
  down: (db) => run(db, [`drop function hot_bookmark`, `drop function hot_react`, `drop table notification_outbox`]),
};
