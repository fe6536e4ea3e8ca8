/**
 * Fault tests on the temporary PostgreSQL of `npm run test:postgres` (issue 28): two instances
 * in this process (a crash would end the test run), the database restarted under load, stopped,
 * and frozen (SIGSTOP); and the pool's metrics with every connection taken. Every loop is
 * bounded in count and time; everything is on loopback.
 */
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { randomUUID } from 'node:crypto';
import { one, rows, sql } from '../src/db';
import { resetToSeed } from '../src/seed';
import type { RunningServer } from '../src/server';
import { metric, startTestServer } from './kit';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS helper tools/postgres.js's users share
const { pgControl } = require('../../tools/pg-control.js') as {
  pgControl: () => Record<'restart' | 'stop' | 'start' | 'freeze' | 'thaw', () => Promise<void>>;
};

jest.setTimeout(120_000);

const REQUEST_TIMEOUT_MS = 3000;
const env = { API_DB_CONNECT_TIMEOUT_MS: '1000', API_DB_STATEMENT_TIMEOUT_MS: '1500', API_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) };
const pg = pgControl();
let a: RunningServer;
let b: RunningServer;
let token = '';

beforeAll(async () => {
  a = await startTestServer({ env });
  b = await startTestServer({ env });
  await resetToSeed(a.database.db);
  const response = await fetch(`${a.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(TEST_CREDENTIALS[2]),
  });
  token = ((await response.json()) as { encodedToken: string }).encodedToken;
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** Polls until `check` holds (at most `limitMs`). */
async function until(check: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ready = (server: RunningServer) => fetch(`${server.url}/readyz`).then((r) => r.status === 200);

/** One creation with its key, sent again (same key) after a 503 or a dropped connection, as the client does. */
async function createPost(server: RunningServer, content: string, statuses: number[], deadline: number): Promise<boolean> {
  const key = randomUUID();
  while (Date.now() < deadline) {
    let status = 0;
    try {
      const response = await fetch(`${server.url}/api/posts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', authorization: token, 'Idempotency-Key': key },
        body: JSON.stringify({ postData: { content } }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS + 2000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    statuses.push(status);
    if (status === 201) return true;
    if (status !== 503 && status !== 0) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

it('a database restart under load crashes nothing, loses no acknowledged write and duplicates none', async () => {
  // Idle pooled connections on both instances (a restart ends them).
  for (const server of [a, b]) expect((await fetch(`${server.url}/api/posts/2/0`)).status).toBe(200);

  const acknowledged: string[] = [];
  const statuses: number[] = [];
  let stop = false;
  const deadline = Date.now() + 60_000;
  const worker = async (n: number) => {
    for (let i = 0; i < 200 && !stop && Date.now() < deadline; i += 1) {
      const content = `fault-${n}-${i}`;
      if (await createPost(n % 2 ? a : b, content, statuses, deadline)) acknowledged.push(content);
    }
  };
  const load = Promise.all([0, 1, 2, 3].map(worker));
  for (let restart = 0; restart < 2; restart += 1) {
    const before = acknowledged.length;
    await until(async () => acknowledged.length >= before + 5);
    await pg.restart();
  }
  const after = acknowledged.length;
  await until(async () => acknowledged.length >= after + 5);
  stop = true;
  await load;

  expect(statuses.filter((s) => ![201, 503, 0].includes(s))).toEqual([]);
  const stored = await rows(
    a.database.db,
    sql<{ content: string; n: number }>`select content, count(*)::int as n from posts where content like 'fault-%' group by content`,
  );
  const counts = new Map(stored.map((row) => [row.content, row.n]));
  expect(acknowledged.filter((content) => counts.get(content) !== 1)).toEqual([]);
  expect(stored.filter((row) => row.n > 1)).toEqual([]);
  expect(acknowledged.length).toBeGreaterThan(10);
});

it('a stopped database: 503 with Retry-After for reads and writes, readiness false, back when it starts', async () => {
  await pg.stop();
  try {
    for (const [path, init] of [
      ['/api/posts/p01-sunrise', {}],
      [
        '/api/posts',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', authorization: token },
          body: '{"postData":{"content":"while stopped"}}',
        },
      ],
    ] as const) {
      const response = await fetch(`${a.url}${path}`, init);
      expect([path, response.status, response.headers.get('retry-after'), await response.json()]).toEqual([
        path,
        503,
        expect.stringMatching(/^\d+$/),
        { errors: [expect.any(String)] },
      ]);
    }
    expect((await fetch(`${b.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
  } finally {
    await pg.start();
  }
  await until(() => ready(a));
  expect((await fetch(`${a.url}/api/posts/p01-sunrise`)).status).toBe(200);
});

it('a frozen database: 503 within the request time limit, readiness false, then back', async () => {
  const token2 = token;
  await pg.freeze();
  try {
    const started = Date.now();
    const [read, write, readiness] = await Promise.all([
      fetch(`${a.url}/api/posts/p01-sunrise`),
      fetch(`${b.url}/api/comments/add/p01-sunrise`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', authorization: token2 },
        body: '{"commentData":{"content":"frozen"}}',
      }),
      fetch(`${b.url}/readyz`),
    ]);
    const elapsed = Date.now() - started;
    expect([read.status, write.status, readiness.status]).toEqual([503, 503, 503]);
    expect(read.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(elapsed).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS + 1500);
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
  } finally {
    await pg.thaw();
  }
  await until(async () => (await ready(a)) && (await ready(b)));
  await until(async () => (await fetch(`${a.url}/api/posts/p01-sunrise`)).status === 200);
  // The comment answered 503 may or may not have been saved, never twice.
  const comments = await one(a.database.db, sql<{ n: number }>`select count(*)::int as n from comments where content = 'frozen'`);
  expect(comments?.n ?? 0).toBeLessThanOrEqual(1);
});

it("counts the pool's connections on /metrics: in use, idle, and requests waiting for one", async () => {
  // An instance of its own (kit: a pool of 2) whose requests wait for a connection as long as it takes.
  const server = await startTestServer({ env: { API_DB_CONNECT_TIMEOUT_MS: '60000', API_REQUEST_TIMEOUT_MS: '60000' } });
  const pool = async () => ({
    total: await metric(server, 'db_pool_connections{state="total"}'),
    idle: await metric(server, 'db_pool_connections{state="idle"}'),
    waiting: await metric(server, 'db_pool_connections{state="waiting"}'),
  });
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const holders: Promise<void>[] = [];
  try {
    expect((await fetch(`${server.url}/api/posts/p01-sunrise`)).status).toBe(200);
    const afterOne = await pool();
    expect(afterOne).toEqual({ total: afterOne.idle, idle: expect.any(Number), waiting: 0 });
    expect(afterOne.total).toBeGreaterThanOrEqual(1);
    // Both connections held by open transactions: a request waits for one.
    let holding = 0;
    const bothHeld = new Promise<void>((resolve) => {
      for (let i = 0; i < 2; i += 1)
        holders.push(
          server.database.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            if ((holding += 1) === 2) resolve();
            await gate;
          }),
        );
    });
    await bothHeld;
    const waiting = fetch(`${server.url}/api/posts/p01-sunrise`).then((r) => r.status);
    await until(async () => (await pool()).waiting === 1);
    expect(await pool()).toEqual({ total: 2, idle: 0, waiting: 1 });
    release();
    expect(await waiting).toBe(200);
    await Promise.all(holders);
    expect(await pool()).toEqual({ total: 2, idle: 2, waiting: 0 });
  } finally {
    release();
    await Promise.allSettled(holders);
    await server.close();
  }
});
