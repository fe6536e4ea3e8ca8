/** Starts api-server instances for a test file (loopback, ports the system picks, quiet logs). */
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { TEST_CREDENTIALS, type LoginAnswer } from '@social/mock-api/contract';
import { createApiClient, type ApiClient } from '@social/mock-api/client';
import { buildApp } from '../src/app';
import type { LiveOptions } from '../src/live/hub';
import { loadConfig, type ServerConfig } from '../src/config';
import { openDatabase, rows, sql, type Db } from '../src/db';
import { poolGuardsOf } from '../src/http/startup';
import { resetToEmpty, resetToSeed } from '../src/seed';
import { startApiServer, type RunningServer } from '../src/server';

/** Set by api-server/test/pglite-environment.js: the PGlite this Jest worker shares between files. */
declare const __sharedPGlite: (() => Promise<PGlite>) | undefined;

export interface TestServerOptions {
  env?: NodeJS.ProcessEnv;
  /** Share this PGlite (two instances on one embedded database). */
  pglite?: PGlite;
  logStream?: NodeJS.WritableStream;
}

/**
 * A test server's settings: loopback, a port the system picks, quiet logs (DEBUG_API_LOG=warn, or
 * info, shows them), rate limits out of the way; then `env`.
 */
const testConfig = (env: NodeJS.ProcessEnv): ServerConfig =>
  loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    API_LOG_LEVEL: process.env.DEBUG_API_LOG ?? 'silent',
    API_AUTH_RATE_LIMIT: '1000',
    API_WRITE_RATE_LIMIT: '100000',
    API_READ_RATE_LIMIT: '100000',
    ...env,
  });

/**
 * The worker's PGlite (undefined on PostgreSQL): as `pglite`, one more server on the data the
 * file's servers use, not put back to the seed.
 */
export const workerPGlite = async (): Promise<PGlite | undefined> =>
  !process.env.DATABASE_URL && typeof __sharedPGlite === 'function' ? __sharedPGlite() : undefined;

export async function startTestServer({ env = {}, pglite, logStream }: TestServerOptions = {}): Promise<RunningServer> {
  const config = testConfig(env);
  // Connection errors go to the server's (silent) log once it has started.
  const logger: { app?: RunningServer['app'] } = {};
  // Without a database of its own, the worker's PGlite (api-server/test/pglite-environment.js), put back to the seed (or emptied, without the demo).
  const shared = !config.databaseUrl && !pglite ? await workerPGlite() : undefined;
  const database = openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolSize: 2, guards: poolGuardsOf(config.operations, logger) }
      : { pglite: pglite ?? shared, dataDir: 'memory://' },
  );
  const server = await startApiServer({ ...config, logStream }, { database });
  if (shared)
    await (config.seed === 'demo' ? resetToSeed(database.db, config.seedExtraPosts, config.seedModerator) : resetToEmpty(database.db));
  logger.app = server.app;
  const close = server.close.bind(server);
  return Object.assign(server, {
    close: async () => {
      await close();
      await database.close();
    },
  });
}

export interface Instance {
  url: string;
  /** A test member's token from this instance. */
  loginAs(n: 1 | 2 | 3 | 4): Promise<string>;
  close(): Promise<void>;
}

/** Another instance on `server`'s database with other settings (no second database to start); it LISTENs as a real one does. */
export async function instanceWith(server: RunningServer, env: NodeJS.ProcessEnv, live?: Partial<LiveOptions>): Promise<Instance> {
  const { ping, listen } = server.database;
  const app = await buildApp(server.database.db, { ...testConfig(env), live, database: { ping, listen } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const loginAs = async (n: 1 | 2 | 3 | 4) => {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(TEST_CREDENTIALS[n - 1]),
    });
    return ((await response.json()) as { encodedToken: string }).encodedToken;
  };
  return { url, loginAs, close: () => app.close() };
}

/** Runs `work` on an instance of its own with `env`, closed afterwards whatever happens. */
export async function withInstance(
  server: RunningServer,
  env: NodeJS.ProcessEnv,
  work: (instance: Instance) => Promise<void>,
): Promise<void> {
  const instance = await instanceWith(server, env);
  try {
    await work(instance);
  } finally {
    await instance.close();
  }
}

/**
 * One server for the file's tests: started in beforeAll (handed to `started`), put back to the
 * seed before each test, closed in afterAll. On PGlite it uses the worker's embedded database.
 */
export function serverForFile(started: (server: RunningServer) => void, options: TestServerOptions = {}, timeoutMs = 180_000): void {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
    started(server);
  }, timeoutMs);
  beforeEach(() => resetToSeed(server!.database.db));
  afterAll(() => server?.close());
}

/**
 * Two instances on one database, as behind a load balancer, for the file's tests (started in
 * beforeAll, put back to the seed once, closed in afterAll): on PGlite they share one embedded
 * database; with DATABASE_URL each has its own pool.
 */
export function startTwoInstances(timeoutMs = 60_000): { a: RunningServer; b: RunningServer } {
  // Filled in by beforeAll, before any test reads them.
  const servers = {} as { a: RunningServer; b: RunningServer };
  beforeAll(async () => {
    // On PGlite both use the worker's embedded database (each start puts it back to the seed);
    // a database of their own would keep another ~500 MB of WebAssembly memory until the worker ends.
    servers.a = await startTestServer();
    servers.b = await startTestServer();
    await resetToSeed(servers.a.database.db);
  }, timeoutMs);
  afterAll(async () => {
    await servers.a?.close();
    await servers.b?.close();
  }, timeoutMs);
  return servers;
}

export const clientFor = (server: RunningServer, token: string | null = null): ApiClient =>
  createApiClient({ baseUrl: server.url, getToken: () => token });

export async function login(server: RunningServer, n: 1 | 2 | 3 | 4): Promise<LoginAnswer & { api: ApiClient }> {
  const answer = await clientFor(server).auth.login(TEST_CREDENTIALS[n - 1]!);
  return { ...answer, api: clientFor(server, answer.encodedToken) };
}

/** A metric's value on a server's GET /metrics: `name` as the line starts, labels included (NaN when absent). */
export async function metric(server: { url: string }, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? NaN);
}

/** The status and body of a call that should fail. */
export async function failure(call: Promise<unknown>): Promise<{ status: number; errors: string[] }> {
  try {
    await call;
  } catch (error) {
    const e = error as { status: number; errors: string[] };
    return { status: e.status, errors: e.errors };
  }
  throw new Error('the call succeeded');
}

/** Every stored count that differs from a recount of the rows it counts (none when the counts are right). */
export async function countDrift(db: Db): Promise<unknown[]> {
  return rows(
    db,
    sql`select 'post' as kind, p.id, p.like_count, p.dislike_count, p.comment_count from posts p
        where p.like_count <> (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'like')
           or p.dislike_count <> (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'dislike')
           or p.comment_count <> (select count(*) from comments c where c.post_id = p.id)
      union all
      select 'comment', c.id, c.upvote_count, 0, 0 from comments c
        where c.upvote_count <> (select count(*) from comment_upvotes u where u.comment_id = c.id)
      union all
      select 'member', m.id, m.post_count, m.follower_count, m.following_count from members m
        where m.post_count <> (select count(*) from posts p where p.author_id = m.id)
           or m.follower_count <> (select count(*) from follows f where f.followee_id = m.id)
           or m.following_count <> (select count(*) from follows f where f.follower_id = m.id)
           or m.bookmark_count <> (select count(*) from bookmarks b where b.member_id = m.id)`,
  );
}

export interface Sent {
  status: number;
  headers: Headers;
  json: unknown;
}

/** One API call as a caller makes it (JSON body, optional token and headers): its status, headers and body (JSON, or text). */
export async function send(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { authorization: init.token } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, headers: response.headers, json };
}
