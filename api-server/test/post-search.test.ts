/**
 * post_search (src/search-schema.ts): the migration gives the posts already stored their words,
 * by the core's rule (mock-api/src/core/search.ts), writes keep them equal to the posts' text,
 * and a search reads the GIN index.
 */
import { searchTextOf } from '@social/mock-api/core';
import { rows, sql, type Db } from '../src/db';
import type { RunningServer } from '../src/server';
import { SEARCH_MIGRATION } from '../src/search-schema';
import { login, serverForFile } from './kit';

let server: RunningServer;
let db: Db;

serverForFile((started) => {
  server = started;
  db = started.database.db;
});

/** [post id, words] of every row, and of every post's content by searchTextOf, sorted by id. */
async function storedAndExpected(): Promise<{ stored: string[][]; expected: string[][] }> {
  const byId = (a: string[], b: string[]) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0);
  const stored = await rows(db, sql<{ post_id: string; words: string }>`select post_id, words from post_search`);
  const posts = await rows(db, sql<{ id: string; content: string }>`select id, content from posts`);
  return {
    stored: stored.map((r) => [r.post_id, r.words]).sort(byId),
    expected: posts.map((p) => [p.id, searchTextOf(p.content)]).sort(byId),
  };
}

it("the migration gives every stored post its text's words", async () => {
  await SEARCH_MIGRATION.down!(db);
  const [author] = await rows(db, sql<{ id: string }>`select id from members order by id limit 1`);
  const contents = ['Old post about a Café', '!!!', 'Crème BRÛLÉE, twice: crème'];
  for (const [i, content] of contents.entries())
    await sql`insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
      values (${`old-${i}`}, ${`91000${i}`}, ${author!.id}, ${content}, now(), '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
  await SEARCH_MIGRATION.up(db);
  const { stored, expected } = await storedAndExpected();
  expect(stored).toEqual(expected);
  expect(stored.filter(([id]) => id!.startsWith('old-'))).toEqual([
    ['old-0', 'old post about a cafe'],
    ['old-1', ''],
    ['old-2', 'creme brulee twice'],
  ]);
});

it("writes keep the words equal to the posts' text, through v1 and v2", async () => {
  const kabir = await login(server, 3);
  const { post } = await kabir.api.v2.posts.create({ content: 'A walk in the park', pic: '' });
  await kabir.api.v2.posts.edit(post._id, { content: 'A lake instead', pic: '' });
  const { post: other } = await kabir.api.v2.posts.create({ content: 'Gone soon', pic: '' });
  await kabir.api.v2.posts.remove(other._id);
  await kabir.api.posts.create({ content: 'Written through v1', pic: '', userId: kabir.foundUser._id });
  const { stored, expected } = await storedAndExpected();
  expect(stored).toEqual(expected);
  expect(stored.find(([id]) => id === post._id)).toEqual([post._id, 'a lake instead']);
});

it('a search by words reads the GIN index, not every post', async () => {
  const plan = await db.transaction().execute(async (trx) => {
    // The seed's few rows would make a sequential scan the cheapest; the question is whether the index can serve it.
    await sql`set local enable_seqscan = off`.execute(trx);
    return rows(
      trx,
      sql<{ 'QUERY PLAN': string }>`explain select post_id from post_search where vector @@ ${"'gard':* & 'cafe':*"}::tsquery`,
    );
  });
  expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on post_search_vector/);
});
