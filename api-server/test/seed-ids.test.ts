/**
 * The numeric id counter after seeding: generated benchmark posts are numbered from 10,001, so
 * past 90,000 of them their ids reach the counter's start (100,000). Seeding moves the counter
 * past every id in use, and members can still post.
 */
import { createSeedDb } from '@social/mock-api/seed';
import { rows, sql, type Db } from '../src/db';
import { extraPosts, resetToSeed, syncNumericIds } from '../src/seed';
import type { RunningServer } from '../src/server';
import { login, startTestServer } from './kit';

let server: RunningServer;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
}, 180_000);
afterAll(() => server?.close());

it('generated posts past 90,000 take numeric ids from 100,000 up', () => {
  const ids = extraPosts(90_002)
    .slice(-2)
    .map((p) => p.id);
  expect(ids).toEqual(['100001', '100002']);
});

it('after seeding rows that hold ids at and above the counter, a new post gets a free id', async () => {
  await resetToSeed(db);
  // What a seed of 90,002 generated posts leaves: posts numbered 100,001 and 100,002.
  const author = createSeedDb().users[0]!._id;
  for (const numericId of ['100001', '100002']) {
    await sql`insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
      values (${`bench-${numericId}`}, ${numericId}, ${author}, 'Generated', now(), '2026-11-20T12:00:00+05:30', '2026-11-20T12:00:00+05:30')`.execute(
      db,
    );
  }
  await syncNumericIds(db, createSeedDb().nextId);

  const kabir = await login(server, 3);
  const { post } = await kabir.api.v2.posts.create({ content: 'Still works 🎉', pic: '' });
  expect(Number(post.id)).toBeGreaterThan(100_002);
  const taken = await rows(db, sql<{ n: number }>`select count(*)::int as n from posts where numeric_id = ${post.id}`);
  expect(taken[0]!.n).toBe(1);
});
