/**
 * `hot_repost`: a repost or its undo in one call (one round trip, atomic without a transaction
 * of the caller's), as `hot_react` writes a like (./schema.ts): the post_reposts row (its trigger
 * moves posts.repost_count), the notice's outbox row, the change log's post.counts and
 * viewer.post, and the answer's counts and viewer fields.
 */
import { sql, type Migration } from 'kysely';
import { LOG_POST_VIEW, OUTBOX_CHANNEL } from './schema';

export const HOT_REPOST_MIGRATION: Migration = {
  up: async (db) => {
    // p_notice: a Notice (core/notifications.ts) as JSON, or null.
    await sql
      .raw(
        `create function hot_repost(p_member text, p_post text, p_reposted boolean, p_now text, p_notice jsonb)
      returns table (o_change text, o_like_count int, o_dislike_count int, o_comment_count int, o_repost_count int,
        o_reaction text, o_bookmarked boolean, o_reposted boolean)
      language plpgsql as $$
      declare
        done boolean;
        c record;
      begin
        if p_reposted then
          insert into post_reposts (post_id, member_id, created_at, created_iso)
            select id, p_member, p_now::timestamptz, p_now from posts where id = p_post
            on conflict do nothing returning true into done;
        else
          delete from post_reposts where post_id = p_post and member_id = p_member returning true into done;
        end if;
        if done is null then
          return query select case when exists (select 1 from posts where id = p_post) then 'same' else 'missing' end,
            0, 0, 0, 0, null::text, false, false;
          return;
        end if;
        if p_notice is not null then
          insert into notification_outbox (op, recipient_id, actor_id, kind, group_key, post_id, comment_id, reply_id, at)
          values (p_notice->>'op', p_notice->>'recipientId', p_notice->>'actorId', p_notice->'ref'->>'kind', p_notice->'ref'->>'key',
            p_notice->'ref'->>'postId', p_notice->'ref'->>'commentId', p_notice->'ref'->>'replyId', p_notice->>'now');
          perform pg_notify('${OUTBOX_CHANNEL}', '');
        end if;
        select p.like_count, p.dislike_count, p.comment_count, p.repost_count, p_reposted as reposted,
          (select r.kind from post_reactions r where r.post_id = p_post and r.member_id = p_member) as reaction,
          exists (select 1 from bookmarks b where b.member_id = p_member and b.post_id = p_post) as bookmarked
        into c from posts p where p.id = p_post;
        ${LOG_POST_VIEW};
        return query select 'changed', c.like_count, c.dislike_count, c.comment_count, c.repost_count, c.reaction, c.bookmarked, c.reposted;
      end $$`,
      )
      .execute(db);
  },
  down: async (db) => {
    await sql.raw(`drop function hot_repost`).execute(db);
  },
};
