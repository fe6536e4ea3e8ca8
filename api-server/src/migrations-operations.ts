/**
 * Migrations of operations (issue 28, and issue 22's unlogged counters), kept beside the schema's (migrations.ts) and run with
 * them in key order (db.ts ALL_MIGRATIONS). A released migration is never edited.
 */
import { sql, type Kysely, type Migration } from 'kysely';

const statements = (list: string[]) => async (db: Kysely<unknown>) => {
  for (const statement of list) await sql.raw(statement).execute(db);
};

export const OPERATIONS_MIGRATIONS: Record<string, Migration> = {
  '2026-11-24-28-idempotency-keys': {
    up: statements([
      // One row per Idempotency-Key per route and caller, written in the same transaction as
      // the change it stands for (http/idempotency.ts); kept 24 hours.
      `create table idempotency_keys (
        scope text not null,
        key text not null,
        request_hash text not null,
        status integer,
        body bytea,
        created_at timestamptz not null default now(),
        primary key (scope, key)
      )`,
      `create index idempotency_keys_created on idempotency_keys (created_at)`,
      // A picture no post or member uses any more is deleted (image-cleanup.ts): these find its users.
      `create index posts_pic_image on posts (pic_image_id) where pic_image_id is not null`,
      `create index members_pic_image on members (pic_image_id) where pic_image_id is not null`,
    ]),
    down: statements(['drop index members_pic_image', 'drop index posts_pic_image', 'drop table idempotency_keys']),
  },
  // Rate-limit counters are counted on every changing call (rate-limit-store.ts) and every failed
  // login (http/login-guard.ts). UNLOGGED: their updates write no WAL and their commits wait for
  // no flush (a like at 1,000,000 posts: 1,059 → 1,208 req/s, database CPU per like 0.81 → 0.70
  // ms, npm run bench:server). They survive restarts; a database crash or a failover to a
  // replica empties them, which starts every window afresh, as an in-memory limiter's restart
  // would (docs/api-server-operations.md, "Rate limits").
  '2026-11-26-22-unlogged-rate-limits': {
    up: statements(['alter table rate_limits set unlogged']),
    down: statements(['alter table rate_limits set logged']),
  },
};
