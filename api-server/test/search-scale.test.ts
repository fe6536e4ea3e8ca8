/**
 * Search and trending tags at scale (issue 55, src/search-schema.ts, src/discovery-store.ts):
 * the migrations give the rows already stored their posts' created_at and author, and the words
 * their counts; writes keep those equal; a word many posts hold is read newest first from
 * post_search_newest, one score level at a time, never by ranking every match; trending tags read
 * post_tags_recent_authors alone.
 */
import { searchWordsOf } from '@social/mock-api/core';
import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { rows, sql, type Db } from '../src/db';
import { SqlDiscoveryStore } from '../src/discovery-store';
import type { RunningServer } from '../src/server';
import { SEARCH_SCORE_LEVELS_MIGRATION, TRENDING_AUTHORS_MIGRATION } from '../src/search-schema';
import { login, serverForFile } from './kit';

let server: RunningServer;
let db: Db;

// 3,000 posts written and vacuumed before each of the last tests: minutes on a busy two-core machine.
jest.setTimeout(180_000);

serverForFile((started) => {
  server = started;
  db = started.database.db;
});

const byFirst = (a: (string | number)[], b: (string | number)[]) =>
  String(a[0]) < String(b[0]) ? -1 : String(a[0]) > String(b[0]) ? 1 : 0;

/** search_words' counts above zero, and the counts of every stored post's words. */
async function countsAndExpected(): Promise<{ stored: (string | number)[][]; expected: (string | number)[][] }> {
  const stored = await rows(db, sql<{ word: string; posts: number }>`select word, posts from search_words where posts <> 0`);
  const posts = await rows(db, sql<{ content: string }>`select content from posts`);
  const counts = new Map<string, number>();
  for (const post of posts) for (const word of searchWordsOf(post.content)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return { stored: stored.map((r) => [r.word, r.posts]).sort(byFirst), expected: [...counts].sort(byFirst) };
}

/** Posts whose created_at (post_search) or author (post_tags) differs from their post's. */
async function copiesOff(): Promise<{ id: string }[]> {
  return rows(
    db,
    sql<{
      id: string;
    }>`select s.post_id as id from post_search s join posts p on p.id = s.post_id where s.created_at is distinct from p.created_at
      union all select t.post_id from post_tags t join posts p on p.id = t.post_id where t.author_id is distinct from p.author_id`,
  );
}

it("the migrations give the rows already stored their post's created_at and author, and every word its count", async () => {
  await TRENDING_AUTHORS_MIGRATION.down!(db);
  await SEARCH_SCORE_LEVELS_MIGRATION.down!(db);
  const [author] = await rows(db, sql<{ id: string }>`select id from members order by id limit 1`);
  for (const [i, content] of ['Old post about #Gardens', 'An old garden, old café'].entries()) {
    const id = `old-scale-${i}`;
    const at = `2026-01-0${i + 1}T00:00:00.000Z`;
    await sql`insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
      values (${id}, ${`92000${i}`}, ${author!.id}, ${content}, ${at}::timestamptz, ${at}, ${at})`.execute(db);
    await sql`insert into post_search (post_id, words) values (${id}, ${searchWordsOf(content).join(' ')})`.execute(db);
    if (i === 0)
      await sql`insert into post_tags (post_id, tag, created_at) values (${id}, 'gardens', '2026-01-01T00:00:00.000Z')`.execute(db);
  }
  await SEARCH_SCORE_LEVELS_MIGRATION.up(db);
  await TRENDING_AUTHORS_MIGRATION.up(db);
  expect(await copiesOff()).toEqual([]);
  const old = await rows(
    db,
    sql<{
      id: string;
      at: string;
    }>`select post_id as id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as at from post_search where post_id like 'old-scale-%' order by post_id`,
  );
  expect(old).toEqual([
    { id: 'old-scale-0', at: '2026-01-01' },
    { id: 'old-scale-1', at: '2026-01-02' },
  ]);
  expect(await rows(db, sql<{ author_id: string }>`select author_id from post_tags where post_id = 'old-scale-0'`)).toEqual([
    { author_id: author!.id },
  ]);
  const { stored, expected } = await countsAndExpected();
  expect(stored).toEqual(expected);
  expect(stored.find(([word]) => word === 'old')).toEqual(['old', 2]);
});

it('writes keep the copies and the counts equal to the posts, through v1 and v2', async () => {
  const kabir = await login(server, 3);
  const { post } = await kabir.api.v2.posts.create({ content: 'Scale test: a walk in the #park', pic: '' });
  await kabir.api.v2.posts.edit(post._id, { content: 'Scale test: a lake, a lake #lake', pic: '' });
  const { post: other } = await kabir.api.v2.posts.create({ content: 'Scale test gone soon #soon', pic: '' });
  await kabir.api.v2.posts.remove(other._id);
  await kabir.api.posts.create({ content: 'Scale test written through v1 #v1', pic: '', userId: kabir.foundUser._id });
  expect(await copiesOff()).toEqual([]);
  const { stored, expected } = await countsAndExpected();
  expect(stored).toEqual(expected);
  expect(stored.find(([word]) => word === 'scale')).toEqual(['scale', 2]);
});

/** Records every statement a store runs, to explain them after. */
function recording(): { db: Db; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }: { node: RootOperationNode; queryId: QueryId }) => {
      statements.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), statements };
}

/** The plan of a recorded statement, as text. */
async function planOf(statement: CompiledQuery): Promise<string> {
  const { rows: plan } = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
  );
  return plan.map((row) => row['QUERY PLAN']).join('\n');
}

describe('on 3,000 posts holding one word', () => {
  // Each test starts from the seed (serverForFile): the posts are written again before each.
  beforeEach(async () => {
    const [author] = await rows(db, sql<{ id: string }>`select id from members order by id limit 1`);
    await sql`insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
      select 'many-' || lpad(i::text, 5, '0'), (930000 + i)::text, ${author!.id}, 'Quorum note ' || i || ' #quorum', at, iso, iso
      from generate_series(1, 3000) i,
        lateral (select timestamptz '2026-06-01T00:00:00Z' + i * interval '1 hour' as at) t,
        lateral (select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso) f`.execute(db);
    await sql`insert into post_search (post_id, words) select id, 'quorum note ' || substr(id, 6)::int from posts where id like 'many-%'`.execute(
      db,
    );
    await sql`insert into post_tags (post_id, tag, created_at) select id, 'quorum', created_at from posts where id like 'many-%'`.execute(
      db,
    );
    await sql`vacuum analyze posts, post_search, post_tags`.execute(db);
  });

  it('a page of the word is read newest first from post_search_newest, not by ranking every match', async () => {
    const { db: recorded, statements } = recording();
    const store = new SqlDiscoveryStore(recorded, 'http://localhost');
    const found = await store.searchPosts({ words: ['quorum'], tags: [], authorId: null }, null, 21, null);
    expect(found.map(({ row }) => row.id)).toEqual(Array.from({ length: 21 }, (_, i) => `many-${String(3000 - i).padStart(5, '0')}`));
    const plans = await Promise.all(statements.filter((s) => /from post_search s/.test(s.sql)).map(planOf));
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.join('\n')).toMatch(/Index Scan using post_search_newest/);
    // The whole-word level filled the page from its window: the GIN index (every match) is never read.
    expect(plans.join('\n')).not.toMatch(/post_search_vector/);
  });

  it('trending tags read post_tags_recent_authors alone, no post', async () => {
    const { db: recorded, statements } = recording();
    const store = new SqlDiscoveryStore(recorded, 'http://localhost');
    expect(await store.trendingTags('2026-07-01T00:00:00.000Z', '2026-07-02T00:00:00.000Z', null, 10)).toEqual([
      { name: 'quorum', postCount: 1 },
    ]);
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows: lines } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${statements[0]!.sql}`, [...statements[0]!.parameters]),
      );
      return lines.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using post_tags_recent_authors/);
    expect(plan).not.toMatch(/posts/);
  });
});
