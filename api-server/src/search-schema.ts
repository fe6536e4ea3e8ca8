/**
 * Post search and tags on PostgreSQL (issue 55, docs/api.md "Search and tags"):
 * - `post_search`: one row per post, its searchable words as the core computes them
 *   (mock-api/src/core/search.ts, searchTextOf: lower case, accents taken off, one space
 *   between words) and a generated tsvector of exactly those words (array_to_tsvector: no
 *   parser, no dictionary, no `unaccent`, so PGlite and PostgreSQL 15 find the same posts), under
 *   a GIN index. A table of its own, so a like or a comment, which rewrite the post's row, never
 *   touch the index. Its rows go with the post (on delete cascade).
 * - `followed_tags`: the tags a member follows, with when.
 * - `post_tags_recent`: post_tags by created_at, the last day's rows for trending tags.
 */
import { searchTextOf } from '@social/mock-api/core';
import { sql, type Migration, type QueryExecutorProvider } from 'kysely';

/** Posts read per step of the backfill. */
const BACKFILL_BATCH = 2000;

/** Writes (or rewrites) the searchable words of these posts (already inserted), in one statement. */
export async function indexSearchTextOf(ex: QueryExecutorProvider, posts: readonly { id: string; content: string }[]): Promise<void> {
  if (posts.length === 0) return;
  await sql`insert into post_search (post_id, words)
    select t.post_id, t.words from unnest(${posts.map((p) => p.id)}::text[], ${posts.map((p) => searchTextOf(p.content))}::text[]) as t (post_id, words)
    join posts p on p.id = t.post_id
    on conflict (post_id) do update set words = excluded.words where post_search.words <> excluded.words`.execute(ex);
}

export const SEARCH_MIGRATION: Migration = {
  async up(db) {
    await sql`create table post_search (
      post_id text primary key references posts (id) on delete cascade,
      words text not null,
      vector tsvector generated always as (array_to_tsvector(string_to_array(words, ' '))) stored
    )`.execute(db);
    await sql`create index post_search_vector on post_search using gin (vector)`.execute(db);
    // Every existing post's words, a batch of posts at a time (keyset on id, never one read of the whole table).
    let after = '';
    for (;;) {
      const { rows } = await sql<{ id: string; content: string }>`select id, content from posts
        where id collate "C" > ${after} collate "C" order by id collate "C" limit ${BACKFILL_BATCH}`.execute(db);
      if (rows.length === 0) break;
      await indexSearchTextOf(db, rows);
      after = rows[rows.length - 1]!.id;
    }
  },
  async down(db) {
    await sql`drop table post_search`.execute(db);
  },
};

export const FOLLOWED_TAGS_MIGRATION: Migration = {
  async up(db) {
    await sql`create table followed_tags (
      member_id text not null references members (id) on delete cascade,
      tag text not null check (length(tag) between 1 and 256),
      followed_at timestamptz not null,
      followed_iso text not null,
      primary key (member_id, tag)
    )`.execute(db);
    // Settings' list: most recently followed first, tags byte by byte as everywhere.
    await sql`create index followed_tags_by_member on followed_tags (member_id, followed_at desc, tag collate "C" desc)`.execute(db);
  },
  async down(db) {
    await sql`drop table followed_tags`.execute(db);
  },
};

export const RECENT_TAGS_MIGRATION: Migration = {
  async up(db) {
    await sql`create index post_tags_recent on post_tags (created_at)`.execute(db);
  },
  async down(db) {
    await sql`drop index post_tags_recent`.execute(db);
  },
};
