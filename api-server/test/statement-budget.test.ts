/**
 * The statement budget of the hot calls (issue 51, docs/architecture.md "How a write reaches the
 * database"): each like, dislike, bookmark and repost, and each home page, reaches PostgreSQL in at most
 * two round trips. Counted with the driver: every query a client of the request pool sends is one
 * round trip (the outbox worker has a pool of its own, and LISTEN its own connection). Needs a
 * real PostgreSQL: it runs under `npm run test:postgres` (api-server/jest.postgres.config.js).
 */
import type pg from 'pg';
import { rows, sql } from '../src/db';
import { resetToSeed } from '../src/seed';
import type { RunningServer } from '../src/server';
import { login, startTestServer } from './kit';

jest.setTimeout(120_000);

const BUDGET = 2;
let server: RunningServer;
/** The statements the request pool sent since the last `counted` began. */
let sent: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await resetToSeed(server.database.db);
  const pool = server.database.pool!;
  const counted = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // Kysely asks the pool for a client per statement (or per transaction) and sends through it.
  (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    if (!counted.has(client)) {
      counted.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const first = args[0];
        sent.push(typeof first === 'string' ? first : String((first as { text?: unknown })?.text ?? ''));
        return query(...args);
      };
    }
    return client;
  };
}, 120_000);
afterAll(() => server.close());

/** The call's status and the statements it sent. */
async function counted(call: () => Promise<Response>): Promise<{ status: number; statements: string[] }> {
  sent = [];
  const response = await call();
  await response.arrayBuffer();
  return { status: response.status, statements: [...sent] };
}

const send = (method: string, path: string, token: string) =>
  fetch(`${server.url}/api/v2${path}`, {
    method,
    headers: { authorization: token, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
    body: method === 'POST' ? '{}' : undefined,
  });

/** Polls `check` every 50 ms until it answers true, at most 20 s. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not seen in 20 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('likes, dislikes and bookmarks in at most two round trips each, and the like still notifies its author', async () => {
  const ada = await login(server, 1);
  const meera = await login(server, 2);
  const { post } = await ada.api.v2.posts.create({ content: 'Counted statements 🧮', pic: '' });
  const calls = [
    ['like', 201],
    ['like again (refused)', 400],
    ['dislike', 201],
    ['like after the dislike', 201],
    ['bookmark', 200],
    ['remove the bookmark', 200],
  ] as const;
  const paths: Record<(typeof calls)[number][0], string> = {
    like: `/posts/like/${post._id}`,
    'like again (refused)': `/posts/like/${post._id}`,
    dislike: `/posts/dislike/${post._id}`,
    'like after the dislike': `/posts/like/${post._id}`,
    bookmark: `/posts/bookmark/${post._id}`,
    'remove the bookmark': `/posts/remove-bookmark/${post._id}`,
  };
  for (const [name, status] of calls) {
    const { status: answered, statements } = await counted(() => send('POST', paths[name], meera.encodedToken));
    expect({ name, answered, statements: statements.length <= BUDGET ? BUDGET : statements }).toEqual({
      name,
      answered: status,
      statements: BUDGET,
    });
  }
  // The like's notice is delivered after the commit, by the worker: the outbox empties without anyone reading.
  await until(
    async () => (await rows(server.database.db, sql<{ n: number }>`select count(*)::int as n from notification_outbox`))[0]!.n === 0,
    'the outbox delivered',
  );
  const { notifications } = await ada.api.v2.notifications.list();
  expect(notifications.filter((n) => n.postId === post._id)).toEqual([
    expect.objectContaining({ kind: 'like', actorCount: 1, actor: expect.objectContaining({ _id: meera.foundUser._id }) }),
  ]);
});

it('reads a home page, Latest and Trending, in at most two round trips', async () => {
  const meera = await login(server, 2);
  for (const sort of ['latest', 'trending']) {
    const { status, statements } = await counted(() => send('GET', `/feed/home?sort=${sort}`, meera.encodedToken));
    expect({ sort, status, statements: statements.length <= BUDGET ? BUDGET : statements }).toEqual({
      sort,
      status: 200,
      statements: BUDGET,
    });
  }
});

it('reposts and undoes a repost in at most two round trips each, and the repost still notifies its author', async () => {
  const ada = await login(server, 1);
  const meera = await login(server, 2);
  const { post } = await ada.api.v2.posts.create({ content: 'Counted reposts 🔁', pic: '' });
  const calls = [
    ['repost', `/posts/repost/${post._id}`, 201],
    ['repost again (refused)', `/posts/repost/${post._id}`, 400],
    ['undo the repost', `/posts/undo-repost/${post._id}`, 200],
    ['repost once more', `/posts/repost/${post._id}`, 201],
  ] as const;
  for (const [name, path, status] of calls) {
    const { status: answered, statements } = await counted(() => send('POST', path, meera.encodedToken));
    expect({ name, answered, statements: statements.length <= BUDGET ? BUDGET : statements }).toEqual({
      name,
      answered: status,
      statements: BUDGET,
    });
  }
  await until(
    async () => (await rows(server.database.db, sql<{ n: number }>`select count(*)::int as n from notification_outbox`))[0]!.n === 0,
    'the outbox delivered',
  );
  const { notifications } = await ada.api.v2.notifications.list();
  expect(notifications.filter((n) => n.postId === post._id)).toEqual([
    expect.objectContaining({ kind: 'repost', actorCount: 1, actor: expect.objectContaining({ _id: meera.foundUser._id }) }),
  ]);
  const { post: after } = await meera.api.v2.posts.byId(post._id);
  expect({ repostCount: after.repostCount, reposted: after.viewer?.reposted }).toEqual({ repostCount: 1, reposted: true });
});
