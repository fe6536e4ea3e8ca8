/**
 * A batch of the outbox's notices delivered set-based (issue 51; the core's `deliverNotices` and
 * `planGroups`, the store's `lockGroups` and `applyGroups`, src/hot/outbox.ts) gives what
 * delivering the same notices one by one (`addActor`, `removeActor`) gives: the same groups with
 * the same members in the same order, counts, unread marks, unread counts and events, in a fixed
 * number of store steps. And a batch that fails rolls back whole: its rows are delivered again,
 * none lost, none twice. Runs on PGlite, and on PostgreSQL under `npm run test:postgres`.
 */
import { deliverNotices, groupKey, runAsync, type DomainEvent, type Notice, type NotificationStore } from '@social/mock-api/core';
import { rows, sql, type Executor, type Transaction } from '../src/db';
import { deliverBatch } from '../src/hot/outbox';
import { SqlNotificationStore } from '../src/notification-store';
import { resetToSeed } from '../src/seed';
import type { RunningServer } from '../src/server';
import { startTestServer } from './kit';

jest.setTimeout(180_000);

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
  // The demo and 300 more posts, spread over its members.
  await resetToSeed(server.database.db, 300);
}, 180_000);
afterAll(() => server?.close());

const ORIGIN = 'http://localhost';

/** A small deterministic random source (the same batch every run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The store as it delivers one notice at a time: without its set steps. */
const oneByOne = (store: SqlNotificationStore): NotificationStore =>
  Object.assign(Object.create(store) as SqlNotificationStore, { lockGroups: undefined, applyGroups: undefined });

/** The store, counting the steps the core asks of it. */
function counting(store: NotificationStore): { store: NotificationStore; steps: string[] } {
  const steps: string[] = [];
  const proxy = new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        steps.push(String(name));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, steps };
}

interface GroupRow {
  id: string;
  recipient_id: string;
  group_key: string;
  actor_count: number;
  members: number;
  actors: { actor: string; at: string }[];
}

/** Every member's notifications and counts, with the ids of groups made meanwhile as 'new'. */
async function snapshot(ex: Executor, before: ReadonlySet<string>) {
  const groups = await rows(
    ex,
    sql<GroupRow>`select n.id::text as id, n.recipient_id, n.group_key, n.kind, n.post_id, n.actor_count, n.updated_iso,
        n.seq > coalesce(s.read_seq, 0) as unread,
        rank() over (partition by n.recipient_id order by n.seq desc)::int as place,
        (select count(*)::int from notification_actors a where a.notification_id = n.id) as members,
        (select json_agg(json_build_object('actor', a.actor_id, 'at', a.at) order by a.seq desc)
          from notification_actors a where a.notification_id = n.id) as actors
      from notifications n left join notification_state s on s.member_id = n.recipient_id
      order by n.recipient_id, n.group_key`,
  );
  const counts = await rows(
    ex,
    sql<{ member_id: string; unread: number; counted: number }>`select s.member_id, s.unread,
        (select count(*)::int from notifications n where n.recipient_id = s.member_id and n.seq > s.read_seq) as counted
      from notification_state s order by s.member_id`,
  );
  return { groups: groups.map((g) => ({ ...g, id: before.has(g.id) ? g.id : 'new' })), counts };
}

/** Events with the ids of groups made meanwhile as 'new'; a group made and gone within the batch (never seen) is left out. */
function normalized(events: readonly DomainEvent[], before: ReadonlySet<string>): unknown[] {
  const out: unknown[] = [];
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    if (event.kind === 'notification.removed') {
      if (before.has(String(data.notificationId))) out.push(event);
    } else if (event.kind === 'notification.changed') {
      const notification = data.notification as { _id: string };
      out.push({
        ...event,
        data: { ...data, notification: { ...notification, _id: before.has(notification._id) ? notification._id : 'new' } },
      });
    } else out.push(event);
  }
  return out;
}

class Rollback extends Error {}

/** Runs `work` in a transaction that is rolled back afterwards; answers what it answered. */
async function rolledBack<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await server.database.db
    .transaction()
    .execute(async (tx) => {
      result = await work(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result as T;
}

const like = (op: Notice['op'], recipientId: string, actorId: string, postId: string, now: string): Notice => ({
  op,
  recipientId,
  actorId,
  ref: { kind: 'like', key: groupKey('like', { postId, commentId: null, replyId: null }), postId, commentId: null, replyId: null },
  now,
});

it('delivers a large mixed batch set-based exactly as one by one, in a fixed number of steps', async () => {
  const db = server.database.db;
  const members = (await rows(db, sql<{ id: string }>`select id from members order by id`)).map((m) => m.id);
  expect(members.length).toBeGreaterThanOrEqual(8);
  const recipients = members.slice(0, members.length - 2);
  const posts = await rows(
    db,
    sql<{ id: string; author_id: string }>`select id, author_id from (
        select id, author_id, row_number() over (partition by author_id order by id) as n from posts where author_id = any(${recipients}::text[])) p
      where n <= 20 order by id`,
  );
  expect(posts.length).toBeGreaterThan(30);
  expect(new Set(posts.map((p) => p.author_id)).size).toBeGreaterThanOrEqual(4);
  const next = random(51);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  // One post nobody liked before the batch.
  const fresh = posts[posts.length - 1]!;
  const liked = posts.slice(0, -1);
  const at = (i: number) => new Date(Date.UTC(2026, 11, 3, 12, 0, 0, i)).toISOString();

  // Blocks both ways and mutes (one in force, one over) between some recipients and actors.
  const [r0, r1, r2, r3] = recipients as [string, string, string, string];
  const [a0, a1, a2, a3] = members.slice(-4) as [string, string, string, string];
  await sql`insert into blocks (blocker_id, blocked_id, created_at, created_iso) values
      (${r0}, ${a0}, now(), now()::text), (${a1}, ${r1}, now(), now()::text)`.execute(db);
  await sql`insert into mutes (muter_id, muted_id, created_at, created_iso, until, until_iso) values
      (${r2}, ${a2}, now(), now()::text, null, null), (${r3}, ${a3}, now(), now()::text, '2000-01-01', '2000-01-01T00:00:00.000Z')`.execute(
    db,
  );

  // Groups before the batch: some read (the recipient marked all read), some unread, some of one member.
  const earlier: Notice[] = [];
  for (let i = 0; i < 120; i += 1) {
    const post = pick(liked);
    earlier.push(like('add', post.author_id, pick(members), post.id, at(i)));
  }
  await db.transaction().execute((tx) => runAsync(deliverNotices(oneByOne(new SqlNotificationStore(tx, ORIGIN)), earlier)));
  for (const recipient of recipients.slice(0, 4)) await new SqlNotificationStore(db, ORIGIN).markAllRead(recipient);
  const later: Notice[] = [];
  for (let i = 0; i < 30; i += 1) {
    const post = pick(liked);
    later.push(like('add', post.author_id, pick(members), post.id, at(200 + i)));
  }
  await db.transaction().execute((tx) => runAsync(deliverNotices(oneByOne(new SqlNotificationStore(tx, ORIGIN)), later)));

  // The batch: likes and their undoing (a like turned dislike), members liking again, blocked and
  // muted members, own posts, a group emptied and made again, a group made and emptied.
  const existing = await rows(
    db,
    sql<{
      id: string;
      recipient_id: string;
      post_id: string;
      actor_id: string;
    }>`select n.id::text as id, n.recipient_id, n.post_id, min(a.actor_id) as actor_id
      from notifications n join notification_actors a on a.notification_id = n.id group by n.id having count(*) = 1 order by n.id limit 2`,
  );
  expect(existing).toHaveLength(2);
  const batch: Notice[] = [];
  const [single, other] = existing as [(typeof existing)[0], (typeof existing)[0]];
  batch.push(like('remove', single.recipient_id, single.actor_id, single.post_id, at(300)));
  batch.push(
    like(
      'add',
      single.recipient_id,
      members.find((m) => m !== single.recipient_id && m !== single.actor_id)!,
      single.post_id,
      at(301),
    ),
  );
  batch.push(like('remove', other.recipient_id, other.actor_id, other.post_id, at(302)));
  const passer = members.find((m) => m !== fresh.author_id && ![a0, a1, a2].includes(m))!;
  batch.push(like('add', fresh.author_id, passer, fresh.id, at(303)));
  batch.push(like('remove', fresh.author_id, passer, fresh.id, at(304)));
  for (let i = 0; batch.length < 600; i += 1) {
    const post = pick(liked);
    batch.push(like(next() < 0.72 ? 'add' : 'remove', post.author_id, pick(members), post.id, at(400 + i)));
  }
  const before = new Set((await rows(db, sql<{ id: string }>`select id::text as id from notifications`)).map((n) => n.id));

  const reference = await rolledBack(async (tx) => {
    const counted = counting(oneByOne(new SqlNotificationStore(tx, ORIGIN)));
    const events = await runAsync(deliverNotices(counted.store, batch));
    return { events: normalized(events, before), state: await snapshot(tx, before), steps: counted.steps.length };
  });
  const setBased = await rolledBack(async (tx) => {
    const counted = counting(new SqlNotificationStore(tx, ORIGIN));
    const events = await runAsync(deliverNotices(counted.store, batch));
    return { events: normalized(events, before), state: await snapshot(tx, before), steps: counted.steps };
  });

  // The batch did something of every kind.
  const kinds = (events: unknown[]) => new Set(events.map((e) => (e as DomainEvent).kind));
  expect(kinds(reference.events)).toEqual(new Set(['notification.changed', 'notification.removed']));
  expect(reference.steps).toBeGreaterThan(batch.length / 2);
  expect(setBased.steps).toEqual(['silencesAll', 'lockGroups', 'applyGroups', 'readNotificationsOf', 'unreadCounts']);
  expect(setBased.events).toEqual(reference.events);
  // The group emptied and made again is a removal and a new group; the one made and emptied left nothing.
  const removed = (setBased.events as DomainEvent[]).filter((e) => e.kind === 'notification.removed').map((e) => e.data.notificationId);
  expect(removed).toEqual(expect.arrayContaining([single.id, other.id]));
  const groupsOf = (key: string, recipient: string) =>
    setBased.state.groups.filter((g) => g.recipient_id === recipient && g.group_key === key);
  expect(groupsOf(`like:${single.post_id}`, single.recipient_id).map((g) => g.id)).toEqual(['new']);
  expect(groupsOf(`like:${fresh.id}`, fresh.author_id)).toEqual([]);
  expect(setBased.events.length).toBeGreaterThan(20);
  expect(setBased.state).toEqual(reference.state);
  // Each count is what it should be, and each group's count its members'.
  for (const { unread, counted } of setBased.state.counts) expect(unread).toBe(counted);
  for (const group of setBased.state.groups) expect(group.actor_count).toBe(group.members);
  // Nobody blocked or muted (in force) joined a group.
  const joined = (recipient: string, actor: string) =>
    setBased.state.groups.some((g) => g.recipient_id === recipient && g.actors.some((a) => a.actor === actor) && g.id === 'new');
  expect([joined(r0, a0), joined(r1, a1), joined(r2, a2)]).toEqual([false, false, false]);
});

it('a batch that fails rolls back whole: its rows are delivered again, none lost, none twice', async () => {
  const db = server.database.db;
  await resetToSeed(db);
  const members = (await rows(db, sql<{ id: string }>`select id from members order by id limit 10`)).map((m) => m.id);
  const post = (await rows(db, sql<{ id: string; author_id: string }>`select id, author_id from posts order by id limit 1`))[0]!;
  const likers = members.filter((m) => m !== post.author_id).slice(0, 6);
  const key = groupKey('like', { postId: post.id, commentId: null, replyId: null });
  const outbox = (actor: string, i: number) =>
    sql`insert into notification_outbox (op, recipient_id, actor_id, kind, group_key, post_id, at)
      values ('add', ${post.author_id}, ${actor}, 'like', ${key}, ${post.id}, ${new Date(Date.UTC(2026, 11, 3, 13, 0, i)).toISOString()})`;
  // The third row names a member that does not exist: the batch's write fails, and is undone.
  await db.transaction().execute(async (tx) => {
    for (const [i, actor] of [likers[0]!, likers[1]!, 'no-such-member', ...likers.slice(2)].entries()) await outbox(actor, i).execute(tx);
  });
  const warnings: string[] = [];
  await deliverBatch(db, (tx) => new SqlNotificationStore(tx, ORIGIN), { warn: (_o, m) => warnings.push(m) });
  // Whoever delivered (this call or the server's worker), every good row once, the bad one dropped.
  const deadline = Date.now() + 20_000;
  while ((await rows(db, sql`select 1 from notification_outbox`)).length > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const group = await rows(
    db,
    sql<{
      actor_count: number;
      actors: string[];
    }>`select n.actor_count, array(select a.actor_id from notification_actors a where a.notification_id = n.id order by a.seq desc) as actors
      from notifications n where n.recipient_id = ${post.author_id} and n.group_key = ${key}`,
  );
  expect(group).toEqual([{ actor_count: likers.length, actors: [...likers].reverse() }]);
  expect((await rows(db, sql`select 1 from notification_outbox`)).length).toBe(0);
  const [state] = await rows(
    db,
    sql<{ unread: number; counted: number }>`select s.unread,
        (select count(*)::int from notifications n where n.recipient_id = s.member_id and n.seq > s.read_seq) as counted
      from notification_state s where s.member_id = ${post.author_id}`,
  );
  expect(state!.unread).toBe(state!.counted);
});
