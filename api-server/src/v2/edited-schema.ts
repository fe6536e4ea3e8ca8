/**
 * "(edited)" marked by the edit itself (issue 42): `edited` on comments and replies, set by an
 * edit that changes the text. Timestamps stop at seconds, so comparing them missed an edit
 * within the second a comment or reply was written. Rows written before it count as edited
 * when their times say so (the in-browser backend reads its older records the same way:
 * mock-api/src/server/v2/edited.ts).
 */
import { sql, type Migration } from 'kysely';

export const EDITED_MARKS_MIGRATION: Migration = {
  async up(db) {
    for (const statement of [
      `alter table comments add column edited boolean not null default false`,
      `update comments set edited = true where updated_iso <> created_iso`,
      `alter table replies add column edited boolean not null default false`,
      `update replies set edited = true where updated_iso is not null and updated_iso <> created_iso`,
    ])
      await sql.raw(statement).execute(db);
  },
  async down(db) {
    await sql.raw(`alter table replies drop column edited`).execute(db);
    await sql.raw(`alter table comments drop column edited`).execute(db);
  },
};
