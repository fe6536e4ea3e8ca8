/**
 * Reposts and quotes (docs/api.md, "Reposts and quotes"; src/repost-store.ts):
 * - post_reposts: one row per member and post, as post_reactions keeps likes; posts.repost_count
 *   is its stored count, kept by a trigger in the same statement as the write (as like_count).
 *   Indexed by member (newest first: a member's reposts, the home feed's reposts of those a
 *   member follows) and by post (newest first: its reposters, and a post's newest repost).
 * - posts.quote_of: the id of the post it quotes. Not a foreign key: the quote stays when the
 *   quoted post goes, and its card says so.
 * - The notification kinds gain 'repost' and 'quote' (the check lists NOTIFICATION_KINDS).
 */
import { NOTIFICATION_KINDS } from '@social/mock-api/contract-v2';
import { sql, type Kysely, type Migration } from 'kysely';

const run = async (db: Kysely<unknown>, list: readonly string[]) => {
  for (const statement of list) await sql.raw(statement).execute(db);
};

export const REPOSTS_MIGRATION: Migration = {
  up: (db) =>
    run(db, [
      `create table post_reposts (
        post_id text not null references posts (id) on delete cascade,
        member_id text not null references members (id) on delete cascade,
        created_at timestamptz not null,
        created_iso text not null,
        primary key (post_id, member_id)
      )`,
      `create index post_reposts_by_member on post_reposts (member_id, created_at desc, post_id collate "C" desc)`,
      `create index post_reposts_by_post on post_reposts (post_id, created_at desc, member_id collate "C" desc)`,
      `alter table posts add column repost_count integer not null default 0, add column quote_of text`,
      `create function count_post_reposts() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update posts set repost_count = repost_count - 1 where id = old.post_id;
        else
          update posts set repost_count = repost_count + 1 where id = new.post_id;
        end if;
        return null;
      end $$`,
      `create trigger post_reposts_count after insert or delete on post_reposts for each row execute function count_post_reposts()`,
    ]),
  down: (db) =>
    run(db, [
      `drop trigger post_reposts_count on post_reposts`,
      `drop function count_post_reposts`,
      `alter table posts drop column repost_count, drop column quote_of`,
      `drop table post_reposts`,
    ]),
};

/** The notification kinds as NOTIFICATION_KINDS lists them now. */
export const NOTIFICATION_KINDS_MIGRATION: Migration = {
  up: (db) =>
    run(db, [
      `alter table notifications drop constraint notifications_kind_check`,
      `alter table notifications add constraint notifications_kind_check check (kind in (${NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')}))`,
    ]),
  down: (db) =>
    run(db, [
      `delete from notifications where kind in ('repost', 'quote')`,
      `alter table notifications drop constraint notifications_kind_check`,
      `alter table notifications add constraint notifications_kind_check check (kind in ('like', 'comment', 'reply', 'mention', 'follow', 'upvote'))`,
    ]),
};

/**
 * Home's reposts by index alone (issue 54, src/v2/repost-lists.ts): each repost keeps its post's
 * author (`post_author_id`, which never changes: a post keeps its author and goes with them),
 * filled by a row trigger before the insert and, for reposts made before, here; and
 * post_reposts_by_member carries it and `created_iso`, so a range of a member's reposts, with the
 * hidden-author filter, reads no heap of posts or of post_reposts.
 */
export const REPOST_AUTHORS_MIGRATION: Migration = {
  up: (db) =>
    run(db, [
      // The backfill writes every repost (minutes at 2,000,000: migrations run without the request
      // time limits), with one index fewer to keep: post_reposts_by_member is built again after.
      `drop index post_reposts_by_member`,
      `alter table post_reposts add column post_author_id text`,
      `update post_reposts r set post_author_id = p.author_id from posts p where p.id = r.post_id`,
      `alter table post_reposts alter column post_author_id set not null`,
      `create function post_reposts_author() returns trigger language plpgsql as $$
      begin
        select p.author_id into new.post_author_id from posts p where p.id = new.post_id;
        return new;
      end $$`,
      `create trigger post_reposts_author before insert on post_reposts for each row execute function post_reposts_author()`,
      `create index post_reposts_by_member on post_reposts (member_id, created_at desc, post_id collate "C" desc) include (created_iso, post_author_id)`,
    ]),
  down: (db) =>
    run(db, [
      `drop index post_reposts_by_member`,
      `create index post_reposts_by_member on post_reposts (member_id, created_at desc, post_id collate "C" desc)`,
      `drop trigger post_reposts_author on post_reposts`,
      `drop function post_reposts_author`,
      `alter table post_reposts drop column post_author_id`,
    ]),
};
