/**
 * The safety tables (docs/safety.md). Every feed read takes the viewer's hidden set
 * (src/safety-filters.ts, hiddenSet) from three index ranges: the primary keys (blocker, blocked)
 * and (muter, muted), and blocks_by_blocked. Everything about a member goes
 * with their account (cascades; a moderator's name on their decisions is set null).
 */
import { sql, type Kysely, type Migration } from 'kysely';

const statements = (list: string[]) => async (db: Kysely<unknown>) => {
  for (const statement of list) await sql.raw(statement).execute(db);
};

export const SAFETY_MIGRATION: Migration = {
  up: statements([
    `create table blocks (
      blocker_id text not null references members (id) on delete cascade,
      blocked_id text not null references members (id) on delete cascade,
      created_at timestamptz not null,
      created_iso text not null,
      primary key (blocker_id, blocked_id),
      check (blocker_id <> blocked_id)
    )`,
    `create index blocks_by_blocked on blocks (blocked_id, blocker_id)`,
    `create index blocks_newest on blocks (blocker_id, created_at desc, blocked_id collate "C" desc)`,
    // until: null for ever; a mute past its end stops applying at once (every read compares it with now()).
    `create table mutes (
      muter_id text not null references members (id) on delete cascade,
      muted_id text not null references members (id) on delete cascade,
      created_at timestamptz not null,
      created_iso text not null,
      until timestamptz,
      until_iso text,
      primary key (muter_id, muted_id),
      check (muter_id <> muted_id)
    )`,
    `create index mutes_by_muted on mutes (muted_id)`,
    `create index mutes_newest on mutes (muter_id, created_at desc, muted_id collate "C" desc)`,
    // post_id is set null when the post goes (its author deleted it, or a moderator removed it): the decision stays.
    `create table reports (
      id text primary key,
      reporter_id text not null references members (id) on delete cascade,
      member_id text not null references members (id) on delete cascade,
      post_id text references posts (id) on delete set null,
      kind text not null check (kind in ('post', 'member')),
      reason text not null check (reason in ('spam', 'harassment', 'other')),
      details text not null default '',
      created_at timestamptz not null,
      created_iso text not null,
      status text not null default 'open' check (status in ('open', 'removed', 'dismissed')),
      decided_by text references members (id) on delete set null,
      decided_iso text,
      seq bigint generated always as identity
    )`,
    // The queue's order is arrival (seq): two reports within one second keep theirs.
    `create index reports_open on reports (seq) where status = 'open'`,
    `create index reports_by_reporter on reports (reporter_id)`,
    `create index reports_by_member on reports (member_id)`,
    `create index reports_by_post on reports (post_id) where post_id is not null`,
    `create index reports_by_moderator on reports (decided_by) where decided_by is not null`,
  ]),
  down: statements(['drop table reports', 'drop table mutes', 'drop table blocks']),
};
