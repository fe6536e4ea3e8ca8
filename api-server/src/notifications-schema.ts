/**
 * The tables of notifications and mentions (migration `2026-11-27-39-notifications`); what they
 * hold and how they are kept is in src/notification-store.ts and docs/notifications.md.
 */
import { NOTIFICATION_KINDS } from '@social/mock-api/contract-v2';
import { sql, type Migration } from 'kysely';

export const NOTIFICATIONS_MIGRATION: Migration = {
  async up(db) {
    const kinds = NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(', ');
    for (const statement of [
      `create table mentions (
        source text not null,
        post_id text not null references posts (id) on delete cascade,
        comment_id text references comments (id) on delete cascade,
        member_id text not null references members (id) on delete cascade,
        primary key (source, member_id)
      )`,
      `create index mentions_by_post on mentions (post_id)`,
      `create index mentions_by_comment on mentions (comment_id) where comment_id is not null`,
      `create index mentions_by_member on mentions (member_id)`,
      `create sequence notification_seq`,
      `create table notifications (
        id bigint generated always as identity primary key,
        recipient_id text not null references members (id) on delete cascade,
        group_key text not null,
        kind text not null check (kind in (${kinds})),
        post_id text references posts (id) on delete cascade,
        comment_id text references comments (id) on delete cascade,
        reply_id text,
        actor_count integer not null default 0 check (actor_count >= 0),
        updated_iso text not null,
        seq bigint not null,
        unique (recipient_id, group_key)
      )`,
      // A member's page: newest change first (the cursor's key).
      `create index notifications_page on notifications (recipient_id, seq desc)`,
      `create index notifications_by_post on notifications (post_id) where post_id is not null`,
      `create index notifications_by_comment on notifications (comment_id) where comment_id is not null`,
      `create table notification_actors (
        notification_id bigint not null references notifications (id) on delete cascade,
        actor_id text not null references members (id) on delete cascade,
        at timestamptz not null,
        seq bigint not null,
        primary key (notification_id, actor_id)
      )`,
      // The group's newest member (its first name on screen): the greatest seq.
      `create index notification_actors_newest on notification_actors (notification_id, seq desc)`,
      `create index notification_actors_by_actor on notification_actors (actor_id)`,
      `create table notification_state (
        member_id text primary key references members (id) on delete cascade,
        unread integer not null default 0 check (unread >= 0),
        read_seq bigint not null default 0
      )`,
    ])
      await sql.raw(statement).execute(db);
  },
  async down(db) {
    for (const table of ['notification_state', 'notification_actors', 'notifications', 'mentions'])
      await sql.raw(`drop table ${table}`).execute(db);
    await sql`drop sequence notification_seq`.execute(db);
  },
};
