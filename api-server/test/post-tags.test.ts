/**
 * post_tags (src/v2/post-tags.ts): the migration gives the posts already stored their tags, by
 * the core's rule (mock-api/src/core/text.ts), and the rows always equal the posts' tags.
 */
import { tagsOf, type PostKey } from '@social/mock-api/core';
import { rows, sql, type Db } from '../src/db';
import type { RunningServer } from '../src/server';
import { postIdsAfter } from '../src/v2/post-lists';
import { POST_TAGS_MIGRATION } from '../src/v2/post-tags';
import { login, serverForFile } from './kit';

let server: RunningServer;
let db: Db;

serverForFile((started) => {
  server = started;
  db = started.database.db;
});

/** [post id, tag] of every row, and of every post's content by tagsOf, sorted. */
async function storedAndExpected(): Promise<{ stored: string[][]; expected: string[][] }> {
  const sortPairs = (pairs: string[][]) => pairs.map((p) => p.join(' ')).sort();
  const stored = await rows(db, sql<{ post_id: string; tag: string }>`select post_id, tag from post_tags`);
  const posts = await rows(db, sql<{ id: string; content: string }>`select id, content from posts`);
  return {
    stored: sortPairs(stored.map((r) => [r.post_id, r.tag])).map((p) => p.split(' ')),
    expected: sortPairs(posts.flatMap((p) => tagsOf(p.content).map((tag) => [p.id, tag]))).map((p) => p.split(' ')),
  };
}

it("the migration gives every stored post its content's tags", async () => {
  await POST_TAGS_MIGRATION.down!(db);
  const [author] = await rows(db, sql<{ id: string }>`select id from members order by id limit 1`);
  const contents = ['Old post #Legacy #tags', 'See https://example.com/#nope and #1', 'Café #CAFE\u0301 #café', 'No tags at all'];
  for (const [i, content] of contents.entries())
    await sql`insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
      values (${`old-${i}`}, ${`90000${i}`}, ${author!.id}, ${content}, now(), '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
  await POST_TAGS_MIGRATION.up(db);
  const { stored, expected } = await storedAndExpected();
  expect(stored).toEqual(expected);
  expect(stored.filter(([id]) => id!.startsWith('old-'))).toEqual([
    ['old-0', 'legacy'],
    ['old-0', 'tags'],
    ['old-2', 'café'],
  ]);
});

it("writes keep the rows equal to the posts' tags", async () => {
  const kabir = await login(server, 3);
  const { post } = await kabir.api.v2.posts.create({ content: 'A #Walk in the #park', pic: '' });
  await kabir.api.v2.posts.edit(post._id, { content: 'A #walk, a #lake', pic: '' });
  const { post: other } = await kabir.api.v2.posts.create({ content: 'Gone #soon', pic: '' });
  await kabir.api.v2.posts.remove(other._id);
  const { stored, expected } = await storedAndExpected();
  expect(stored).toEqual(expected);
  expect(stored.filter(([id]) => id === post._id).map(([, tag]) => tag)).toEqual(['lake', 'walk']);
});

it("a tag's page is one range of post_tags_by_tag in the page's order: no sort, no other table", async () => {
  const plan = await db.transaction().execute(async (trx) => {
    // The seed's few rows would make a sequential scan the cheapest; the question is whether the index serves the order.
    await sql`set local enable_seqscan = off`.execute(trx);
    const after: PostKey = ['2026-11-01T00:00:00.000Z', 'p09-launch'];
    return rows(trx, sql<{ 'QUERY PLAN': string }>`explain ${postIdsAfter({ kind: 'tag', tag: 'orbit' }, after, 21, null)}`);
  });
  const text = plan.map((row) => row['QUERY PLAN']).join('\n');
  expect(text).toMatch(/Index Only Scan using post_tags_by_tag/);
  expect(text).not.toMatch(/Sort|Seq Scan/);
});
