/**
 * Issue 41, finding 8: the live stream never skips a committed change. Two transactions where
 * the one holding the lower change-log seq has the higher xid: the other commits first, so the
 * reader meets a gap, and the holder's xid is at or beyond the snapshot's xmax (it is not in
 * pg_snapshot_xip). Needs a real PostgreSQL (two connections held open at once): it runs under
 * `npm run test:postgres` only (api-server/jest.postgres.config.js).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { RunningServer } from '../src/server';
import { login, metric, startTestServer } from './kit';
import { openStream, streamsOpen } from './sse';

jest.setTimeout(120_000);

let server: RunningServer;
const clients: pg.Client[] = [];
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  for (const client of clients) await client.end().catch(() => undefined);
  await server.close();
});

async function connection(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  clients.push(client);
  return client;
}

/** A new post's event, logged as a write logs it (live/log.ts: `log_events` in the writer's transaction). */
const logPost = (client: pg.Client, id: string, authorId: string, content: string) =>
  client.query(`select log_events($1::jsonb)`, [
    JSON.stringify([
      { kind: 'post.created', entityId: id, postId: id, memberId: authorId, recipientId: null, data: { post: { _id: id, content } } },
    ]),
  ]);

it('delivers the event of a transaction that took the lower seq with the higher xid, after the other committed', async () => {
  const stream = await openStream(server, { query: '?explore=1' });
  await streamsOpen(server, 1);
  const gapWaitsBefore = await metric(server, 'live_gap_waits');

  const first = await connection();
  const second = await connection();
  await first.query('begin');
  const firstXid = BigInt((await first.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0]!.x);
  await second.query('begin');
  const secondXid = BigInt((await second.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0]!.x);
  expect(secondXid).toBeGreaterThan(firstXid);
  // The second (higher xid) takes the lower seq; the first takes the next one and commits.
  const lowSeqPost = randomUUID();
  const highSeqPost = randomUUID();
  await logPost(second, lowSeqPost, 'u3-kabir', 'lower seq, higher xid');
  await logPost(first, highSeqPost, 'u4-sara', 'higher seq, lower xid');
  await first.query('commit');

  // The reader has met the gap (the missing seq is the second's, still running).
  for (let i = 0; i < 2000 && (await metric(server, 'live_gap_waits')) <= gapWaitsBefore; i += 1)
    await new Promise((resolve) => setImmediate(resolve));
  expect(await metric(server, 'live_gap_waits')).toBeGreaterThan(gapWaitsBefore);

  await second.query('commit');
  const meera = await login(server, 2);
  const { post: later } = await meera.api.v2.posts.create({ content: 'after both', pic: '' });
  await stream.next('post.created', (d) => (d.post as { _id: string })._id === later._id);
  const created = stream.events.filter((e) => e.event === 'post.created').map((e) => (e.data.post as { _id: string })._id);
  expect(created).toEqual([lowSeqPost, highSeqPost, later._id]);
  stream.close();
});
