/**
 * Tags on PostgreSQL: `post_tags` holds one row per (post, tag), the tags of the post's content
 * as the core reads them (mock-api/src/core/text.ts, tagsOf), with the post's created_at, so a
 * tag's page is one index range (post_tags_by_tag, newest first) like a member's posts. The post
 * store writes a post's rows with the post (src/post-store.ts); they go with it (on delete
 * cascade). Tags are found in JavaScript, never by a second rule in SQL: the migration's backfill
 * and the seed call the same tagsOf.
 */
import { tagsOf } from '@social/mock-api/core';
import { sql, type Migration, type QueryExecutorProvider } from 'kysely';

/** Posts read per step of the backfill. */
const BACKFILL_BATCH = 2000;

/** Writes the tags of these posts (already inserted), in one statement. */
export async function insertTagsOf(ex: QueryExecutorProvider, posts: readonly { id: string; content: string }[]): Promise<void> {
  const pairs = posts.flatMap((post) => tagsOf(post.content).map((tag) => [post.id, tag] as const));
  if (pairs.length === 0) return;
  await sql`insert into post_tags (tag, post_id, created_at)
    select t.tag, p.id, p.created_at from unnest(${pairs.map(([id]) => id)}::text[], ${pairs.map(([, tag]) => tag)}::text[]) as t (post_id, tag)
    join posts p on p.id = t.post_id
    on conflict do nothing`.execute(ex);
}

export const POST_TAGS_MIGRATION: Migration = {
  async up(db) {
    await sql`create table post_tags (
      post_id text not null references posts (id) on delete cascade,
      tag text not null check (length(tag) between 1 and 256),
      created_at timestamptz not null,
      primary key (post_id, tag)
    )`.execute(db);
    // A tag's page: (tag, created_at, id) newest first, ids byte by byte as everywhere (v2/schema.ts).
    await sql`create index post_tags_by_tag on post_tags (tag, created_at desc, post_id collate "C" desc)`.execute(db);
    // Every existing post's tags, a batch of posts at a time (keyset on id, never one read of the whole table).
    let after = '';
    for (;;) {
      const { rows } = await sql<{ id: string; content: string }>`select id, content from posts
        where id collate "C" > ${after} collate "C" order by id collate "C" limit ${BACKFILL_BATCH}`.execute(db);
      if (rows.length === 0) break;
      await insertTagsOf(db, rows);
      after = rows[rows.length - 1]!.id;
    }
  },
  async down(db) {
    await sql`drop table post_tags`.execute(db);
  },
};
