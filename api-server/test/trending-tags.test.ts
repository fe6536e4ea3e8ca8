/**
 * The instance's ranking of trending tags (src/trending-tags.ts): every viewer's answer equals the
 * day's tag rows counted for that viewer alone, however few tags the ranking keeps; a ranking
 * serves without reading the tags again until a post event is logged or its time has passed.
 */
import { TRENDING_TAGS, type TrendingTagV2 } from '@social/mock-api/contract-v2';
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import { rows, sql, type Db } from '../src/db';
import { SqlDiscoveryStore } from '../src/discovery-store';
import type { RunningServer } from '../src/server';
import { TRENDING_MAX_AGE_MS, TrendingTagRanking } from '../src/trending-tags';
import { serverForFile } from './kit';

let db: Db;
let server: RunningServer;

jest.setTimeout(120_000);

serverForFile((started) => {
  server = started;
  db = started.database.db;
});

const NOW = '2026-07-02T00:00:00.000Z';
const SINCE = new Date(Date.parse(NOW) - TRENDING_TAGS.windowHours * 3_600_000).toISOString();

/** The seed's members, by id. */
const membersOf = async (): Promise<string[]> => (await rows(db, sql<{ id: string }>`select id from members order by id`)).map((r) => r.id);

/**
 * 120 posts of the day before NOW: post i by the seed's member 1 + i mod 7, tagged t0 … t12 skewed
 * (as the bench's generator: t0 on most posts) and every third also t0x … t4x.
 */
async function writeDay(members: string[]): Promise<void> {
  await sql`insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
    select 'trend-' || i, (940000 + i)::text, (${members}::text[])[1 + i % 7], 'Trend ' || i, at, iso, iso
    from generate_series(1, 120) i,
      lateral (select ${NOW}::timestamptz - i * interval '10 minutes' as at) t,
      lateral (select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso) f`.execute(db);
  await sql`insert into post_tags (post_id, tag, created_at)
    select p.id, 't' || floor(13 * power((substr(p.id, 7)::bigint * 7919 % 10007) / 10007.0, 2))::int, p.created_at from posts p where p.id like 'trend-%'
    union all select p.id, 't' || (substr(p.id, 7)::int % 5) || 'x', p.created_at from posts p where p.id like 'trend-%' and substr(p.id, 7)::int % 3 = 0`.execute(
    db,
  );
}

/** Records the statements run through the returned executor. */
function recording(): { ex: Db; statements: string[] } {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }: { node: RootOperationNode; queryId: QueryId }) => {
      statements.push(db.getExecutor().compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { ex: db.withPlugin(plugin), statements };
}

it('answers each viewer as the tags counted for that viewer alone, however few tags it keeps', async () => {
  const members = await membersOf();
  await writeDay(members);
  const [a, b, c, d] = members as [string, string, string, string];
  // b mutes one author and is blocked by another; c blocks two; d's mute ended before NOW.
  const at = '2026-06-01T00:00:00.000Z';
  await sql`insert into mutes (muter_id, muted_id, created_at, created_iso, until, until_iso)
    values (${b}, ${members[4]!}, ${at}, ${at}, null, null), (${d}, ${members[5]!}, ${at}, ${at}, '2026-07-01T00:00:00Z', '2026-07-01T00:00:00.000Z')`.execute(
    db,
  );
  await sql`insert into blocks (blocker_id, blocked_id, created_at, created_iso)
    values (${members[5]!}, ${b}, ${at}, ${at}), (${c}, ${a}, ${at}, ${at}), (${c}, ${members[6]!}, ${at}, ${at})`.execute(db);
  const alone = new SqlDiscoveryStore(db, server.url);
  /** How often each size of ranking needed the viewer's own count. */
  const counted = new Map<number, number>();
  for (const candidates of [1, 3, 8, 100])
    for (const count of [1, 3, TRENDING_TAGS.max])
      for (const viewer of [null, a, b, c, d]) {
        const want = await alone.trendingTags(SINCE, NOW, viewer, count);
        expect(want.length).toBeGreaterThan(0);
        const ranking = new TrendingTagRanking(candidates);
        const exact = async (): Promise<TrendingTagV2[]> => {
          counted.set(candidates, (counted.get(candidates) ?? 0) + 1);
          return alone.trendingTags(SINCE, NOW, viewer, count);
        };
        expect([candidates, count, viewer, await ranking.answer(db, SINCE, NOW, viewer, count, exact)]).toEqual([
          candidates,
          count,
          viewer,
          want,
        ]);
      }
  // A ranking that keeps every tag of the day (18) never needs it; one that keeps a single tag does.
  expect(counted.get(100)).toBeUndefined();
  expect(counted.get(1)).toBeGreaterThan(0);
});

it('serves from the ranking until a post event is logged or its time has passed', async () => {
  const members = await membersOf();
  await writeDay(members);
  const ranking = new TrendingTagRanking();
  const noExact = async (): Promise<TrendingTagV2[]> => {
    throw new Error('the ranking keeps every tag: it never needs the count');
  };
  const { ex, statements } = recording();
  const readsTags = () => statements.filter((s) => /post_tags/.test(s)).length;
  const first = await ranking.answer(ex, SINCE, NOW, null, TRENDING_TAGS.max, noExact);
  expect(readsTags()).toBe(1);
  // A tag row the change log does not name (as a bulk load would write) is not seen...
  await sql`insert into post_tags (post_id, tag, created_at) select id, 'added', created_at from posts where id like 'trend-%'`.execute(db);
  const later = new Date(Date.parse(NOW) + TRENDING_MAX_AGE_MS - 1).toISOString();
  expect(await ranking.answer(ex, SINCE, later, members[0]!, TRENDING_TAGS.max, noExact)).toEqual(first);
  expect(statements).toHaveLength(3);
  expect(readsTags()).toBe(1);
  // ...until the ranking's time has passed,
  const past = new Date(Date.parse(NOW) + TRENDING_MAX_AGE_MS).toISOString();
  expect((await ranking.answer(ex, SINCE, past, null, TRENDING_TAGS.max, noExact))[0]).toEqual({ name: 'added', postCount: 7 });
  expect(readsTags()).toBe(2);
  // or a post event is logged (here the deletion of the posts of one author, as the core logs it).
  const gone = await rows(db, sql<{ id: string }>`delete from posts where id like 'trend-%' and author_id = ${members[0]!} returning id`);
  const events = gone.map(({ id }) => ({ kind: 'post.deleted', entityId: id, postId: id, memberId: members[0]!, data: { postId: id } }));
  await sql`select log_events(${JSON.stringify(events)}::jsonb)`.execute(db);
  const after = await ranking.answer(ex, SINCE, past, null, TRENDING_TAGS.max, noExact);
  expect(readsTags()).toBe(3);
  expect(after[0]).toEqual({ name: 'added', postCount: 6 });
  expect(after).toEqual(await new SqlDiscoveryStore(db, server.url).trendingTags(SINCE, past, null, TRENDING_TAGS.max));
});

it("the ranking's version is one entry of change_log_tag_changes, however long the change log", async () => {
  await sql`insert into change_log (kind, entity_id, payload) select 'post.counts', 'p' || i, '{}' from generate_series(1, 5000) i`.execute(
    db,
  );
  await sql`analyze change_log`.execute(db);
  const { ex, statements } = recording();
  await new TrendingTagRanking().answer(ex, SINCE, NOW, null, TRENDING_TAGS.max, async () => []);
  const plan = await rows(db, sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(statements[0]!)}`);
  expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan Backward using change_log_tag_changes/);
});

it('GET /v2/trends/tags answers from one ranking shared by every request of the instance', async () => {
  await writeDay(await membersOf());
  const trending = async (): Promise<TrendingTagV2[]> =>
    ((await (await fetch(`${server.url}/api/v2/trends/tags`)).json()) as { tags: TrendingTagV2[] }).tags;
  // The server's clock stands still at NOW (only Date is faked; its timers stay real).
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
    now: Date.parse(NOW),
  });
  try {
    const tags = await trending();
    expect(tags.length).toBe(TRENDING_TAGS.max);
    // A tag row no post event names is not seen by the next request: it read the same ranking.
    await sql`insert into post_tags (post_id, tag, created_at) select id, 'added', created_at from posts where id like 'trend-%'`.execute(
      db,
    );
    expect(await trending()).toEqual(tags);
  } finally {
    jest.useRealTimers();
  }
});
