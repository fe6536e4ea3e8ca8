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

/**
 * Search at scale (issue 55, docs/api.md "Search and tags"): each post_search row carries its
 * post's created_at (a BEFORE INSERT trigger copies it from posts), under `post_search_newest`,
 * so a page of a common word is read newest first from a short window of that index; and
 * `search_words` counts the posts holding each word (kept by statement triggers on post_search),
 * so a search knows at once whether its words are rare (rank every match through the GIN index)
 * or common (read score level by score level, newest first). The counts only choose the way of
 * reading: the answer is the same either way.
 */
export const SEARCH_SCORE_LEVELS_MIGRATION: Migration = {
  async up(db) {
    await sql`alter table post_search add column created_at timestamptz`.execute(db);
    await sql`create function post_search_created_at() returns trigger language plpgsql as $$
      begin
        select p.created_at into new.created_at from posts p where p.id = new.post_id;
        return new;
      end $$`.execute(db);
    await sql`create trigger post_search_created_at before insert on post_search
      for each row execute function post_search_created_at()`.execute(db);
    await sql`create table search_words (
      word text collate "C" primary key,
      posts integer not null
    )`.execute(db);
    // A statement's rows at once, the words in order (the same lock order for every writer: no
    // deadlock). The transition tables are the trigger function's own: the statements are written out in each.
    for (const [name, table, sign] of [
      ['search_words_added', 'added', 1],
      ['search_words_removed', 'removed', -1],
    ] as const)
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$
        begin
          insert into search_words (word, posts)
            select w.word, ${sign} * count(*)::int from ${table} r, unnest(string_to_array(r.words, ' ')) as w (word)
            group by w.word order by w.word
            on conflict (word) do update set posts = search_words.posts + excluded.posts;
          return null;
        end $$`,
        )
        .execute(db);
    await sql`create function search_words_changed() returns trigger language plpgsql as $$
      begin
        insert into search_words (word, posts)
          select d.word, sum(d.n)::int from (
            select w.word, 1 as n from added r, unnest(string_to_array(r.words, ' ')) as w (word)
            union all select w.word, -1 from removed r, unnest(string_to_array(r.words, ' ')) as w (word)
          ) d group by d.word having sum(d.n) <> 0 order by d.word
          on conflict (word) do update set posts = search_words.posts + excluded.posts;
        return null;
      end $$`.execute(db);
    await sql`create function search_words_emptied() returns trigger language plpgsql as $$
      begin delete from search_words; return null; end $$`.execute(db);
    await sql`create trigger search_words_added after insert on post_search
      referencing new table as added for each statement execute function search_words_added()`.execute(db);
    await sql`create trigger search_words_removed after delete on post_search
      referencing old table as removed for each statement execute function search_words_removed()`.execute(db);
    await sql`create trigger search_words_changed after update on post_search
      referencing old table as removed new table as added for each statement execute function search_words_changed()`.execute(db);
    await sql`create trigger search_words_emptied after truncate on post_search
      for each statement execute function search_words_emptied()`.execute(db);
    // The rows already stored: their posts' created_at and their words' counts, a batch of posts at a time.
    let after = '';
    for (;;) {
      const { rows } = await sql<{ post_id: string }>`select post_id from post_search
        where post_id collate "C" > ${after} collate "C" order by post_id collate "C" limit ${BACKFILL_BATCH}`.execute(db);
      if (rows.length === 0) break;
      const ids = rows.map((r) => r.post_id);
      await sql`update post_search s set created_at = p.created_at from posts p
        where p.id = s.post_id and s.post_id = any(${ids}::text[])`.execute(db);
      await sql`insert into search_words (word, posts)
        select w.word, count(*)::int from post_search s, unnest(string_to_array(s.words, ' ')) as w (word)
        where s.post_id = any(${ids}::text[]) group by w.word order by w.word
        on conflict (word) do update set posts = search_words.posts + excluded.posts`.execute(db);
      after = ids[ids.length - 1]!;
    }
    await sql`alter table post_search alter column created_at set not null`.execute(db);
    // Every read of post_search is a few rows or one GIN range of a rare word: a parallel plan only
    // adds its workers' start (about 15 ms, where the read itself takes 1 ms; the planner's guess
    // for a `'word':*` prefix is 2 % of the posts, whatever the word).
    await sql`alter table post_search set (parallel_workers = 0)`.execute(db);
    // Newest first, ids byte by byte: the order of a score level (posts_latest's).
    await sql`create index post_search_newest on post_search (created_at desc, post_id collate "C" desc)`.execute(db);
  },
  async down(db) {
    await sql`drop trigger search_words_emptied on post_search`.execute(db);
    await sql`drop trigger search_words_changed on post_search`.execute(db);
    await sql`drop trigger search_words_removed on post_search`.execute(db);
    await sql`drop trigger search_words_added on post_search`.execute(db);
    await sql`drop trigger post_search_created_at on post_search`.execute(db);
    await sql`drop function search_words_emptied, search_words_changed, search_words_removed, search_words_added, post_search_created_at`.execute(
      db,
    );
    await sql`drop table search_words`.execute(db);
    await sql`drop index post_search_newest`.execute(db);
    await sql`alter table post_search reset (parallel_workers)`.execute(db);
    await sql`alter table post_search drop column created_at`.execute(db);
  },
};

/**
 * Trending tags from one index (issue 55): each post_tags row carries its post's author (a BEFORE
 * INSERT trigger copies it from posts), and `post_tags_recent_authors (created_at) include (tag,
 * author_id)` replaces post_tags_recent, so the last day's tags are counted per member from the
 * index alone, without reading a post.
 */
export const TRENDING_AUTHORS_MIGRATION: Migration = {
  async up(db) {
    await sql`alter table post_tags add column author_id text`.execute(db);
    await sql`create function post_tags_author() returns trigger language plpgsql as $$
      begin
        select p.author_id into new.author_id from posts p where p.id = new.post_id;
        return new;
      end $$`.execute(db);
    await sql`create trigger post_tags_author before insert on post_tags
      for each row execute function post_tags_author()`.execute(db);
    // The rows already stored, a batch of posts at a time (keyset on id).
    let after = '';
    for (;;) {
      const { rows } = await sql<{ id: string }>`select id from posts
        where id collate "C" > ${after} collate "C" order by id collate "C" limit ${BACKFILL_BATCH}`.execute(db);
      if (rows.length === 0) break;
      await sql`update post_tags t set author_id = p.author_id from posts p
        where p.id = t.post_id and t.post_id = any(${rows.map((r) => r.id)}::text[])`.execute(db);
      after = rows[rows.length - 1]!.id;
    }
    await sql`alter table post_tags alter column author_id set not null`.execute(db);
    await sql`create index post_tags_recent_authors on post_tags (created_at) include (tag, author_id)`.execute(db);
    await sql`drop index post_tags_recent`.execute(db);
  },
  async down(db) {
    await sql`create index post_tags_recent on post_tags (created_at)`.execute(db);
    await sql`drop index post_tags_recent_authors`.execute(db);
    await sql`drop trigger post_tags_author on post_tags`.execute(db);
    await sql`drop function post_tags_author`.execute(db);
    await sql`alter table post_tags drop column author_id`.execute(db);
  },
};

/**
 * The change log's events that can change a day's tag rows, as SQL text: the same text in the
 * partial index below and in the trending tags' version query (src/trending-tags.ts), which
 * PostgreSQL needs to use the index.
 */
export const TAG_CHANGES = `kind in ('post.created', 'post.edited', 'post.deleted', 'reset')`;

/** The index of the trending tags' version: the change log's post events and resets, by seq. */
export const TRENDING_VERSION_MIGRATION: Migration = {
  async up(db) {
    await sql`create index change_log_tag_changes on change_log (seq) where ${sql.raw(TAG_CHANGES)}`.execute(db);
  },
  async down(db) {
    await sql`drop index change_log_tag_changes`.execute(db);
  },
};
