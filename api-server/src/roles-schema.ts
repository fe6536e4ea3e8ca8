/** The table of members' roles (src/roles.ts): one row per member and role, gone with the member. */
import { sql, type Kysely, type Migration } from 'kysely';

export const MEMBER_ROLES_MIGRATION: Migration = {
  up: async (db: Kysely<unknown>) => {
    await sql
      .raw(
        `create table member_roles (
          member_id text not null references members (id) on delete cascade,
          role text not null check (role in ('moderator')),
          granted_at timestamptz not null default now(),
          primary key (member_id, role)
        )`,
      )
      .execute(db);
    await sql.raw(`create index member_roles_by_role on member_roles (role, granted_at)`).execute(db);
  },
  down: async (db: Kysely<unknown>) => {
    await sql.raw(`drop table member_roles`).execute(db);
  },
};
