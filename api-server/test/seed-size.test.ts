/**
 * Issue 41, finding 11: a large API_SEED_POSTS starts, with the statement time limit applying
 * to requests and not to the seed. On a real PostgreSQL (PGlite has no statement time limit):
 * `npm run test:postgres` runs it, on a database of its own.
 */
import pg from 'pg';
import { sql } from '../src/db';
import type { RunningServer } from '../src/server';
import { startTestServer } from './kit';

jest.setTimeout(300_000);

const DATABASE = 'orbit_seed_size';
let admin: pg.Client;
let server: RunningServer | undefined;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE}`);
  await admin.query(`create database ${DATABASE}`);
});
afterAll(async () => {
  await server?.close();
  await admin.query(`drop database if exists ${DATABASE}`);
  await admin.end();
});

it('seeds 100,000 generated posts on an empty database under a 200 ms statement limit, which requests still get', async () => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${DATABASE}`;
  server = await startTestServer({
    env: { DATABASE_URL: url.toString(), API_SEED_POSTS: '100000', API_DB_STATEMENT_TIMEOUT_MS: '200' },
  });
  const count = await server.database.unbounded((db) => sql<{ n: number }>`select count(*)::int as n from posts`.execute(db));
  expect(count.rows[0]!.n).toBeGreaterThanOrEqual(100_000);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  // The request pool keeps its limit.
  await expect(sql`select pg_sleep(1)`.execute(server.database.db)).rejects.toThrow(/statement timeout/);
});
