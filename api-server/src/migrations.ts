/**
 * The schema, as Kysely migrations (run in order, recorded in kysely_migration, each in a
 * transaction). A new migration gets a new, later key; a released one is never edited.
 * Statements are listed one by one: PGlite runs one statement per parameterised call.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { CHANGE_LOG_FROM_EVENTS_MIGRATION, CHANGE_LOG_MIGRATION } from './live/schema';
import { SAFETY_MIGRATION } from './safety-schema';
import { NOTIFICATIONS_MIGRATION } from './notifications-schema';
import { MEMBER_ROLES_MIGRATION } from './roles-schema';
import { EDITED_MARKS_MIGRATION } from './v2/edited-schema';
import { POST_TAGS_MIGRATION } from './v2/post-tags';
import { NOTIFICATION_KINDS_MIGRATION, REPOST_AUTHORS_MIGRATION, REPOSTS_MIGRATION } from './v2/reposts-schema';
import { V2_SCHEMA_MIGRATION } from './v2/schema';
import { HOT_REPOST_MIGRATION } from './hot/repost-schema';
import { DELIVER_GROUPS_MIGRATION, HOT_WRITES_MIGRATION } from './hot/schema';
import { POST_PICTURES_MIGRATION, POST_VERSIONS_MIGRATION } from './post-pictures-schema';
import {
  FOLLOWED_TAGS_MIGRATION,
  RECENT_TAGS_MIGRATION,
  SEARCH_MIGRATION,
  SEARCH_SCORE_LEVELS_MIGRATION,
  TRENDING_AUTHORS_MIGRATION,
  TRENDING_VERSION_MIGRATION,
} from './search-schema';

const statements = (list: string[]) => async (db: Kysely<unknown>) => {
  for (const statement of list) await sql.raw(statement).execute(db);
};

export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-23-01-initial-schema': {
    up: statements([
      // Pictures sent as data: URLs, kept as bytes. The id is the SHA-256 of type and bytes:
      // the same picture is stored once and its URL never changes (cached forever).
      `create table images (
        id text primary key,
        content_type text not null check (content_type like 'image/%'),
        bytes bytea not null,
        byte_size integer not null check (byte_size > 0 and byte_size <= 1048576),
        created_at timestamptz not null default now()
      )`,
      // Members and posts share one numeric id counter, as in the fake backend.
      `create sequence numeric_ids start 100000`,
      `create table members (
        id text primary key,
        numeric_id text not null unique,
        username text not null,
        user_handler text not null,
        password_hash text not null,
        first_name text not null check (length(trim(first_name)) > 0),
        last_name text not null check (length(trim(last_name)) > 0),
        pic_url text not null default '',
        pic_image_id text references images (id),
        bio text not null default '',
        link text not null default '',
        created_iso text not null,
        updated_iso text not null,
        seq bigint generated always as identity
      )`,
      `create unique index members_username_key on members (lower(username))`,
      `create unique index members_handler_key on members (lower(user_handler))`,
      `create table posts (
        id text primary key,
        numeric_id text not null unique,
        author_id text not null references members (id) on delete cascade,
        content text not null check (length(trim(content)) > 0),
        pic_url text not null default '',
        pic_image_id text references images (id),
        created_at timestamptz not null,
        created_iso text not null,
        updated_iso text not null,
        seq bigint generated always as identity
      )`,
      `create index posts_newest on posts (created_at desc, seq)`,
      `create index posts_by_author on posts (author_id, created_at desc)`,
      // One row per member per post: a like and a dislike by the same member exclude each other.
      `create table post_reactions (
        post_id text not null references posts (id) on delete cascade,
        member_id text not null references members (id) on delete cascade,
        kind text not null check (kind in ('like', 'dislike')),
        seq bigint generated always as identity,
        primary key (post_id, member_id)
      )`,
      `create index post_reactions_likes on post_reactions (post_id) where kind = 'like'`,
      `create table comments (
        id text primary key,
        post_id text not null references posts (id) on delete cascade,
        author_id text not null references members (id) on delete cascade,
        content text not null check (length(trim(content)) > 0),
        created_iso text not null,
        updated_iso text not null,
        seq bigint generated always as identity
      )`,
      `create index comments_by_post on comments (post_id, seq)`,
      // Reply ids come from the client: unique within their comment.
      `create table replies (
        comment_id text not null references comments (id) on delete cascade,
        id text not null,
        author_id text not null references members (id) on delete cascade,
        content text not null check (length(trim(content)) > 0),
        created_iso text not null,
        position integer not null,
        primary key (comment_id, id)
      )`,
      `create table comment_upvotes (
        comment_id text not null references comments (id) on delete cascade,
        member_id text not null references members (id) on delete cascade,
        seq bigint generated always as identity,
        primary key (comment_id, member_id)
      )`,
      // Each side keeps its own list order (a member's "following" and the other's "followers").
      `create sequence follow_positions start 1000`,
      `create table follows (
        follower_id text not null references members (id) on delete cascade,
        followee_id text not null references members (id) on delete cascade,
        following_pos bigint not null,
        follower_pos bigint not null,
        primary key (follower_id, followee_id),
        check (follower_id <> followee_id)
      )`,
      `create index follows_followee on follows (followee_id)`,
      `create table bookmarks (
        member_id text not null references members (id) on delete cascade,
        post_id text not null references posts (id) on delete cascade,
        seq bigint generated always as identity,
        primary key (member_id, post_id)
      )`,
      // Issued tokens (by hash, never the token itself): a token works only while its row is here, unexpired and unrevoked.
      `create table sessions (
        token_hash text primary key,
        member_id text not null references members (id) on delete cascade,
        issued_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz
      )`,
      `create index sessions_expiry on sessions (expires_at)`,
      // Login/signup attempt counters, shared by every instance.
      `create table rate_limits (
        key text primary key,
        hits integer not null,
        resets_at timestamptz not null
      )`,
    ]),
    down: statements([
      'drop table rate_limits',
      'drop table sessions',
      'drop table bookmarks',
      'drop table follows',
      'drop sequence follow_positions',
      'drop table comment_upvotes',
      'drop table replies',
      'drop table comments',
      'drop table post_reactions',
      'drop table posts',
      'drop table members',
      'drop sequence numeric_ids',
      'drop table images',
    ]),
  },
  // Stored counts and keyset indexes for /api/v2 (issue 22).
  '2026-11-24-22-stored-counts-and-keyset-indexes': V2_SCHEMA_MIGRATION,
  // The change log behind live events (issue 23, docs/live.md).
  '2026-11-24-23-change-log': CHANGE_LOG_MIGRATION,
  // "(edited)" marked by the edit itself (issue 42).
  '2026-11-27-42-edited-marks': EDITED_MARKS_MIGRATION,
  // Deleting an account (account-store.ts) finds a member's rows, and the rows that cascade from
  // their posts, through an index each: upvotes and sessions by member, bookmarks by post.
  '2026-11-27-40-account-deletion-indexes': {
    up: statements([
      `create index comment_upvotes_by_member on comment_upvotes (member_id)`,
      `create index bookmarks_by_post on bookmarks (post_id)`,
      `create index sessions_by_member on sessions (member_id)`,
    ]),
    down: statements([`drop index sessions_by_member`, `drop index bookmarks_by_post`, `drop index comment_upvotes_by_member`]),
  },
  // Each post's tags, for a tag's page (issue 39, src/v2/post-tags.ts).
  '2026-11-27-39-post-tags': POST_TAGS_MIGRATION,
  // Live events from the core's operations, and one-time stream tickets (docs/live.md).
  '2026-11-27-38-change-log-from-events': CHANGE_LOG_FROM_EVENTS_MIGRATION,
  // Blocks, mutes and reports (issue 40, src/safety-store.ts, docs/safety.md).
  '2026-11-27-40-safety': SAFETY_MIGRATION,
  // Notifications, their members, each member's unread count, and mentions (issue 39, src/notifications-schema.ts).
  '2026-11-27-39-notifications': NOTIFICATIONS_MIGRATION,
  // The handles of deleted accounts, never given out again (src/account-store.ts, routes/auth.ts).
  '2026-11-28-40-retired-handles': {
    up: statements([`create table retired_handles (handle text primary key)`]),
    down: statements([`drop table retired_handles`]),
  },
  // One open report per reporter and post, or member (core/safety.ts); later copies of one already open go.
  '2026-11-28-40-reports-open-once': {
    up: statements([
      `delete from reports r where r.status = 'open' and exists (select 1 from reports o where o.status = 'open'
        and o.reporter_id = r.reporter_id and o.kind = r.kind and o.seq < r.seq
        and (case when r.kind = 'post' then o.post_id = r.post_id else o.member_id = r.member_id end))`,
      `create unique index reports_open_once_post on reports (reporter_id, post_id) where status = 'open' and post_id is not null`,
      `create unique index reports_open_once_member on reports (reporter_id, member_id) where status = 'open' and kind = 'member'`,
    ]),
    down: statements([`drop index reports_open_once_member`, `drop index reports_open_once_post`]),
  },
  // A notification's number before its last change, which the one statement moving it answers (src/notification-store.ts).
  '2026-11-28-39-notification-previous-seq': {
    up: statements([`alter table notifications add column previous_seq bigint not null default 0`]),
    down: statements([`alter table notifications drop column previous_seq`]),
  },
  // Roles granted to members by the operator (issue 53, src/roles.ts, src/roles-schema.ts).
  '2026-12-01-53-member-roles': MEMBER_ROLES_MIGRATION,
  // Who each post, comment or reply has ever mentioned: a mention dropped and put back notifies nobody again (src/notification-store.ts).
  '2026-12-01-53-mentions-notified': {
    up: statements([
      `create table mentions_notified (
        source text not null,
        post_id text not null references posts (id) on delete cascade,
        comment_id text references comments (id) on delete cascade,
        member_id text not null references members (id) on delete cascade,
        primary key (source, member_id)
      )`,
      `create index mentions_notified_by_post on mentions_notified (post_id)`,
      `create index mentions_notified_by_comment on mentions_notified (comment_id) where comment_id is not null`,
      `create index mentions_notified_by_member on mentions_notified (member_id)`,
    ]),
    down: statements([`drop table mentions_notified`]),
  },
  // Hot writes in one call each, notifications through an outbox (src/hot/schema.ts, issue 51).
  '2026-12-02-hot-writes-outbox': HOT_WRITES_MIGRATION,
  // Reposts with their stored count, and the post a post quotes (issue 54, src/v2/reposts-schema.ts).
  '2026-12-02-share-reposts': REPOSTS_MIGRATION,
  // Notifications of reposts and quotes (issue 54).
  '2026-12-02-share-notification-kinds': NOTIFICATION_KINDS_MIGRATION,
  // Up to four pictures per post with their sizes, and each post's edit history (issue 54, src/post-pictures-schema.ts).
  '2026-12-02-pictures-01-post-pictures': POST_PICTURES_MIGRATION,
  '2026-12-02-pictures-02-post-versions': POST_VERSIONS_MIGRATION,
  // Post search, followed tags and trending tags (issue 55, src/search-schema.ts).
  '2026-12-02-search-01-post-words': SEARCH_MIGRATION,
  '2026-12-02-search-02-followed-tags': FOLLOWED_TAGS_MIGRATION,
  '2026-12-02-search-03-recent-tags': RECENT_TAGS_MIGRATION,
  // A repost or its undo in one call, its notification through the outbox (src/hot/repost-schema.ts, issue 51).
  '2026-12-03-hot-repost': HOT_REPOST_MIGRATION,
  // A batch of the outbox's notices written set-based, in one call (src/hot/schema.ts, issue 51).
  '2026-12-03-outbox-set-based-delivery': DELIVER_GROUPS_MIGRATION,
  // Each repost's post author, and home's ranges of reposts by index alone (issue 54, src/v2/reposts-schema.ts).
  '2026-12-03-54-repost-authors': REPOST_AUTHORS_MIGRATION,
  // Search and trending tags at a million posts (issue 55, src/search-schema.ts).
  '2026-12-03-search-04-score-levels': SEARCH_SCORE_LEVELS_MIGRATION,
  '2026-12-03-search-05-trending-authors': TRENDING_AUTHORS_MIGRATION,
  // The change log's post events by seq: the version of the trending tags' ranking (src/search-schema.ts, src/trending-tags.ts; issue 55).
  '2026-12-03-search-06-trending-version': TRENDING_VERSION_MIGRATION,
};
