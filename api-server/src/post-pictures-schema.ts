/**
 * A post's pictures and its edit history on PostgreSQL (mock-api/src/core/post-pictures.ts).
 * `post_pictures`: every picture of a post, in order, with its description and size (the first
 * is also the post's `pic_url`/`pic_image_id`/`pic_alt`, which v1 answers). A post kept from
 * before has no rows: its `pic` is its one picture. `post_versions` and `post_version_pictures`:
 * each earlier version. All go with the post (on delete cascade); their images stay stored while
 * any row names them (src/image-cleanup.ts).
 */
import { sql, type Migration } from 'kysely';

export const POST_PICTURES_MIGRATION: Migration = {
  async up(db) {
    await sql`create table post_pictures (
      post_id text not null references posts (id) on delete cascade,
      position smallint not null check (position between 0 and 3),
      pic_url text not null default '',
      pic_image_id text references images (id),
      alt text not null default '' check (length(alt) <= 1500),
      width integer not null check (width between 0 and 16384),
      height integer not null check (height between 0 and 16384),
      primary key (post_id, position)
    )`.execute(db);
    await sql`create index post_pictures_by_image on post_pictures (pic_image_id) where pic_image_id is not null`.execute(db);
  },
  async down(db) {
    await sql`drop table post_pictures`.execute(db);
  },
};

export const POST_VERSIONS_MIGRATION: Migration = {
  async up(db) {
    await sql`create table post_versions (
      post_id text not null references posts (id) on delete cascade,
      n integer not null check (n > 0),
      content text not null,
      created_iso text not null,
      primary key (post_id, n)
    )`.execute(db);
    await sql`create table post_version_pictures (
      post_id text not null,
      n integer not null,
      position smallint not null check (position between 0 and 3),
      pic_url text not null default '',
      pic_image_id text references images (id),
      alt text not null default '',
      width integer not null,
      height integer not null,
      primary key (post_id, n, position),
      foreign key (post_id, n) references post_versions (post_id, n) on delete cascade
    )`.execute(db);
    await sql`create index post_version_pictures_by_image on post_version_pictures (pic_image_id) where pic_image_id is not null`.execute(
      db,
    );
  },
  async down(db) {
    await sql`drop table post_version_pictures`.execute(db);
    await sql`drop table post_versions`.execute(db);
  },
};
