/**
 * A like that joins a notification while its member marks everything read: the stored unread
 * count stays right (src/notification-store.ts, addActor and markAllRead). A second connection
 * holds the notification's row so the like's delivery (the outbox worker's batch, src/hot/outbox.ts)
 * waits inside its transaction while "mark read" commits. Needs a real PostgreSQL (two connections at once): it runs under
 * `npm run test:postgres` only (api-server/jest.postgres.config.js).
 */
import pg from 'pg';
import { resetToSeed } from '../src/seed';
import type { RunningServer } from '../src/server';
import { login, startTestServer } from './kit';

jest.setTimeout(120_000);

let server: RunningServer;
/** `blocker` holds a row lock; `watcher` reads pg_stat_activity (a transaction would see one snapshot of it). */
let blocker: pg.Client;
let watcher: pg.Client;
beforeAll(async () => {
  server = await startTestServer();
  // The database is the suite's: the other files leave their members' notifications, blocks and mutes.
  await resetToSeed(server.database.db);
  blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await blocker.connect();
  await watcher.connect();
}, 120_000);
afterAll(async () => {
  await blocker?.end().catch(() => undefined);
  await watcher?.end().catch(() => undefined);
  await server.close();
});

/** Polls `check` every 50 ms until it answers true, at most 20 s. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not seen in 20 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('counts a group unread again when a like waiting to join it commits after "mark read"', async () => {
  const ada = await login(server, 1);
  const meera = await login(server, 2);
  const kabir = await login(server, 3);
  const { post } = await ada.api.v2.posts.create({ content: 'Mark me read while you wait', pic: '' });
  await meera.api.v2.posts.like(post._id);
  expect((await ada.api.v2.notifications.unreadCount()).count).toBe(1);

  // The group's row is held: Kabir's like is answered, and its delivery waits to join the group.
  await blocker.query('begin');
  await blocker.query(`select 1 from notifications where recipient_id = $1 and post_id = $2 for update`, [ada.foundUser._id, post._id]);
  const liked = kabir.api.v2.posts.like(post._id);
  await until(
    async () =>
      // The batch's lock of its groups (lockGroups), or a one-by-one store's upsert.
      (
        await watcher.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock'
            and (query like '%from notifications n%for update%' or query like '%into notifications%')`,
        )
      ).rowCount! > 0,
    "the like waiting on the group's row",
  );
  // Ada opens her list meanwhile: everything is read (her read does not wait for the held delivery).
  await ada.api.v2.notifications.markRead();
  expect((await ada.api.v2.notifications.unreadCount()).count).toBe(0);
  await blocker.query('rollback');
  await liked;

  // Kabir's like moved the group after the mark: it is unread, and counted.
  const { notifications } = await ada.api.v2.notifications.list();
  expect(notifications.map((n) => [n.kind, n.actor._id, n.actorCount, n.read])).toEqual([['like', kabir.foundUser._id, 2, false]]);
  expect((await ada.api.v2.notifications.unreadCount()).count).toBe(1);
});
