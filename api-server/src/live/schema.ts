/**
 * The change log behind live events (docs/live.md): one row per event an operation of the core
 * returned, written in the SAME transaction as the write by `log_events` (./log.ts), which then
 * calls `pg_notify('orbit_changes', seq)`: PostgreSQL delivers it to every listening instance
 * when (and only if) that transaction commits. A row carries the event's data as the operation
 * made it, and the columns the streams' filters read (post, author, a private event's recipient).
 * change_log_horizon remembers the newest seq pruned, so a reconnect from before it gets a
 * `reset` event rather than a silent gap.
 *
 * The first migration below logged by triggers; the second replaced them with log_events.
 */
import { sql, type Kysely, type Migration } from 'kysely';

const run = async (db: Kysely<unknown>, list: readonly string[]) => {
  for (const statement of list) await sql.raw(statement).execute(db);
};

/** The channel every instance LISTENs on; the payload is the new row's seq, or names a member whose sessions ended (./tickets.ts). */
export const CHANGE_CHANNEL = 'orbit_changes';

const UP: readonly string[] = [
  `create table change_log (
    seq bigserial primary key,
    created_at timestamptz not null default now(),
    kind text not null,
    entity_id text not null,
    post_id text,
    member_id text,
    payload jsonb not null default '{}'
  )`,
  `create index change_log_created on change_log (created_at)`,
  `create table change_log_horizon (
    id boolean primary key default true check (id),
    pruned_through bigint not null default 0
  )`,
  `insert into change_log_horizon default values`,
  `create function log_change(p_kind text, p_entity text, p_post text, p_member text, p_payload jsonb) returns void language plpgsql as $$
  declare
    s bigint;
  begin
    if coalesce(current_setting('orbit.change_log', true), '') = 'off' then return; end if;
    insert into change_log (kind, entity_id, post_id, member_id, payload) values (p_kind, p_entity, p_post, p_member, p_payload) returning seq into s;
    perform pg_notify('${CHANGE_CHANNEL}', s::text);
  end $$`,
  `create function log_posts() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      perform log_change('post.created', new.id, new.id, new.author_id, '{}');
    elsif tg_op = 'DELETE' then
      perform log_change('post.deleted', old.id, old.id, old.author_id, jsonb_build_object('postId', old.id));
    else
      if (new.content, new.pic_url, new.pic_image_id, new.pic_alt, new.updated_iso) is distinct from (old.content, old.pic_url, old.pic_image_id, old.pic_alt, old.updated_iso) then
        perform log_change('post.edited', new.id, new.id, new.author_id, '{}');
      end if;
      if (new.like_count, new.dislike_count, new.comment_count) is distinct from (old.like_count, old.dislike_count, old.comment_count) then
        perform log_change('post.counts', new.id, new.id, new.author_id,
          jsonb_build_object('postId', new.id, 'likeCount', new.like_count, 'dislikeCount', new.dislike_count, 'commentCount', new.comment_count));
      end if;
    end if;
    return null;
  end $$`,
  `create trigger posts_change_log after insert or update or delete on posts for each row execute function log_posts()`,
  // A comment deleted with its post (a cascade) logs nothing: the post's own event says it.
  `create function log_comments() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      perform log_change('comment.added', new.id, new.post_id, new.author_id, '{}');
    elsif tg_op = 'DELETE' then
      if exists (select 1 from posts where id = old.post_id) then
        perform log_change('comment.deleted', old.id, old.post_id, old.author_id, jsonb_build_object('commentId', old.id, 'postId', old.post_id));
      end if;
    elsif (new.content, new.updated_iso, new.upvote_count) is distinct from (old.content, old.updated_iso, old.upvote_count) then
      perform log_change('comment.edited', new.id, new.post_id, new.author_id, '{}');
    end if;
    return null;
  end $$`,
  `create trigger comments_change_log after insert or update or delete on comments for each row execute function log_comments()`,
  // A reply is part of its comment: the comment is edited (unless it is going too).
  `create function log_replies() returns trigger language plpgsql as $$
  declare
    c record;
  begin
    select id, post_id, author_id into c from comments where id = coalesce(new.comment_id, old.comment_id);
    if found then
      perform log_change('comment.edited', c.id, c.post_id, c.author_id, '{}');
    end if;
    return null;
  end $$`,
  `create trigger replies_change_log after insert or update or delete on replies for each row execute function log_replies()`,
  // What anyone sees of a member: no e-mail, no password, no bookmark count.
  `create function log_members() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' or (new.first_name, new.last_name, new.user_handler, new.pic_url, new.pic_image_id, new.bio, new.link, new.updated_iso, new.post_count, new.follower_count, new.following_count)
        is distinct from (old.first_name, old.last_name, old.user_handler, old.pic_url, old.pic_image_id, old.bio, old.link, old.updated_iso, old.post_count, old.follower_count, old.following_count) then
      perform log_change('member.changed', new.id, null, new.id, '{}');
    end if;
    return null;
  end $$`,
  `create trigger members_change_log after insert or update on members for each row execute function log_members()`,
  `create function log_follows() returns trigger language plpgsql as $$
  declare
    f record;
  begin
    if tg_op = 'INSERT' then f := new; else f := old; end if;
    perform log_change('follow.changed', f.followee_id, null, f.follower_id,
      jsonb_build_object('followerId', f.follower_id, 'followeeId', f.followee_id, 'following', tg_op = 'INSERT'));
    return null;
  end $$`,
  `create trigger follows_change_log after insert or delete on follows for each row execute function log_follows()`,
];

export const CHANGE_LOG_MIGRATION: Migration = {
  up: (db) => run(db, UP),
  down: (db) =>
    run(db, [
      `drop trigger follows_change_log on follows`,
      `drop trigger members_change_log on members`,
      `drop trigger replies_change_log on replies`,
      `drop trigger comments_change_log on comments`,
      `drop trigger posts_change_log on posts`,
      `drop function log_follows`,
      `drop function log_members`,
      `drop function log_replies`,
      `drop function log_comments`,
      `drop function log_posts`,
      `drop function log_change`,
      `drop table change_log_horizon`,
      `drop table change_log`,
    ]),
};

/**
 * The change log written from the core's events: the triggers go, rows get a recipient (private
 * events), and one-time stream tickets (live/tickets.ts) are stored by hash, tied to the session
 * that asked for them.
 */
export const CHANGE_LOG_FROM_EVENTS_MIGRATION: Migration = {
  up: (db) =>
    run(db, [
      ...['follows', 'members', 'replies', 'comments', 'posts'].map((table) => `drop trigger ${table}_change_log on ${table}`),
      `drop function log_follows`,
      `drop function log_members`,
      `drop function log_replies`,
      `drop function log_comments`,
      `drop function log_posts`,
      `drop function log_change`,
      `alter table change_log add column recipient_id text`,
      // The transaction's id first: a seq is never taken by a writer the hub cannot see running.
      `create function log_events(p_events jsonb) returns void language plpgsql as $$
      declare
        last bigint;
      begin
        perform pg_current_xact_id();
        with added as (
          insert into change_log (kind, entity_id, post_id, member_id, recipient_id, payload)
          select e->>'kind', e->>'entityId', e->>'postId', e->>'memberId', e->>'recipientId', e->'data'
          from jsonb_array_elements(p_events) with ordinality as t (e, n) order by n
          returning seq)
        select max(seq) into last from added;
        if last is not null then perform pg_notify('${CHANGE_CHANNEL}', last::text); end if;
      end $$`,
      `create table live_tickets (
        ticket_hash text primary key,
        member_id text not null references members (id) on delete cascade,
        session_hash text not null references sessions (token_hash) on delete cascade,
        expires_at timestamptz not null
      )`,
      `create index live_tickets_expiry on live_tickets (expires_at)`,
      `create index live_tickets_by_member on live_tickets (member_id)`,
    ]),
  // Back to the triggers: the functions and triggers of the first migration (after its tables).
  down: (db) =>
    run(db, [
      `drop table live_tickets`,
      `drop function log_events`,
      `alter table change_log drop column recipient_id`,
      ...UP.slice(UP.findIndex((statement) => statement.startsWith('create function log_change'))),
    ]),
};
