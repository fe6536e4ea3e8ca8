/**
 * Live events (GET /api/v2/events, docs/live.md): a write reaches open streams, on this
 * instance and on another one on the same database; a reconnect with Last-Event-ID misses
 * nothing; a client that does not read is dropped instead of growing the server's memory.
 * On PGlite both instances share one embedded database; under `npm run test:postgres` each
 * has its own pool and LISTEN connection on a real PostgreSQL server.
 */
import http from 'node:http';
import { LIMITS, TEST_CREDENTIALS, TEXT_LIMITS } from '@social/mock-api/contract';
import {
  LIVE_ERRORS,
  LIVE_MAX_EVENT_BYTES,
  LIVE_TICKET_PARAM,
  LIVE_TICKET_PATH,
  LIVE_TOPIC_PARAMS,
  type LiveTicketAnswer,
} from '@social/mock-api/contract-live';
import type { CommentV2 } from '@social/mock-api/contract-v2';
import { sql } from '../src/db';
import { LiveHub } from '../src/live/hub';
import { filterOf, type StreamFilter } from '../src/live/topics';
import type { RunningServer } from '../src/server';
import { HTTP_MESSAGES } from '../src/http/messages';
import { clientFor, instanceWith, login, metric, startTestServer, startTwoInstances, workerPGlite } from './kit';
import { openStream, streamsOpen, type Stream } from './sse';

const servers = startTwoInstances(180_000);

it('a v2 post, like and comment reach an open stream, as anyone sees them', async () => {
  const stream = await openStream(servers.a, { query: '?explore=1' });
  expect(stream.status).toBe(200);
  expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
  expect(stream.headers['content-encoding']).toBeUndefined();
  await streamsOpen(servers.a, 1);

  const kabir = await login(servers.a, 3);
  const { post } = await kabir.api.v2.posts.create({ content: 'Live from A 📡', pic: '' });
  const created = await stream.next('post.created', (d) => (d.post as { _id: string })._id === post._id);
  expect(created.data.post).toMatchObject({ _id: post._id, content: 'Live from A 📡', likeCount: 0, author: { _id: kabir.foundUser._id } });
  expect(created.data.post).not.toHaveProperty('viewer');

  // The post's page opens: its comments come to a stream that names it.
  const reading = await openStream(servers.a, { query: `?post=${post._id}`, lastEventId: created.id });
  await streamsOpen(servers.a, 2);
  const meera = await login(servers.a, 2);
  await meera.api.v2.posts.like(post._id);
  await stream.next('post.counts', (d) => d.postId === post._id && d.likeCount === 1);
  const { comment } = await meera.api.v2.comments.add(post._id, 'Heard it live');
  const added = await reading.next('comment.added', (d) => (d.comment as { _id: string })._id === comment._id);
  expect(added.data.comment).toMatchObject({ content: 'Heard it live', postId: post._id, replies: [] });
  expect(added.data.comment).not.toHaveProperty('viewerUpvoted');
  await reading.next('post.counts', (d) => d.postId === post._id && d.commentCount === 1);
  reading.close();

  // Ids only grow.
  const ids = stream.events.map((e) => BigInt(e.id));
  expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  expect(new Set(ids).size).toBe(ids.length);
  stream.close();
  await streamsOpen(servers.a, 0);
}, 180_000);

it('an event written through instance A reaches a stream on instance B', async () => {
  const onB = await openStream(servers.b, { query: '?explore=1' });
  await streamsOpen(servers.b, 1);
  const sara = await login(servers.a, 4);
  const { post } = await sara.api.v2.posts.create({ content: 'Written on A, seen on B', pic: '' });
  await onB.next('post.created', (d) => (d.post as { _id: string })._id === post._id);
  await sara.api.v2.posts.remove(post._id);
  await onB.next('post.deleted', (d) => d.postId === post._id);
  onB.close();
  await streamsOpen(servers.b, 0);
}, 180_000);

it('a reconnect with Last-Event-ID gets every event after it, in order, v1 writes too', async () => {
  const first = await openStream(servers.a, { query: '?explore=1' });
  await streamsOpen(servers.a, 1);
  const kabir = await login(servers.a, 3);
  const { post } = await kabir.api.v2.posts.create({ content: 'Before the reconnect', pic: '' });
  const seen = await first.next('post.created', (d) => (d.post as { _id: string })._id === post._id);
  first.close();
  await streamsOpen(servers.a, 0);

  // While away: a v2 edit, a v1 like (through the other instance) and a v2 comment.
  await kabir.api.v2.posts.edit(post._id, { content: 'Edited while you were away', pic: '' });
  const meera = await clientFor(servers.b, (await clientFor(servers.b).auth.login(TEST_CREDENTIALS[1]!)).encodedToken);
  await meera.posts.like(post._id);
  await kabir.api.v2.comments.add(post._id, 'A comment you missed');

  // Back on the post's page: the reconnect names it, so its comment comes too.
  for (const resume of [{ lastEventId: seen.id, query: `?post=${post._id}` }, { query: `?post=${post._id}&lastEventId=${seen.id}` }]) {
    const again = await openStream(servers.b, resume);
    await again.next('comment.added', (d) => (d.comment as { content: string }).content === 'A comment you missed');
    const mine = again.events.filter((e) =>
      [
        e.data.postId,
        (e.data.post as { _id?: string } | undefined)?._id,
        (e.data.comment as { postId?: string } | undefined)?.postId,
      ].includes(post._id),
    );
    expect(mine.map((e) => e.event)).toEqual(['post.edited', 'post.counts', 'comment.added', 'post.counts']);
    expect(mine[0]!.data.post).toMatchObject({ content: 'Edited while you were away' });
    expect(mine[1]!.data).toMatchObject({ likeCount: 1 });
    expect(again.events.every((e) => BigInt(e.id) > BigInt(seen.id))).toBe(true);
    again.close();
  }
  await streamsOpen(servers.b, 0);
}, 180_000);

it('a Last-Event-ID older than the log keeps gets a reset event; a malformed one is 400', async () => {
  const oldest = await openStream(servers.a, { lastEventId: '0' });
  // The log still has everything: no reset.
  await oldest.until(() => oldest.events.length > 0);
  expect(oldest.events.some((e) => e.event === 'reset' && e.data.reason === 'too-old')).toBe(false);
  oldest.close();

  const hub = new LiveHub(servers.a.database.db, undefined, { warn: () => undefined }, { retentionRows: 1, pruneBatch: 5 });
  expect(await hub.prune()).toBeGreaterThan(0);
  const stale = await openStream(servers.a, { lastEventId: '1' });
  const reset = await stale.next('reset');
  expect(reset.data).toEqual({ reason: 'too-old' });
  stale.close();

  const bad = await fetch(`${servers.a.url}/api/v2/events`, { headers: { 'Last-Event-ID': 'yesterday' } });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({ errors: ['"Last-Event-ID" must be an event id this stream sent (a whole number).'] });
  const post = await fetch(`${servers.a.url}/api/v2/events`, { method: 'POST' });
  expect(post.status).toBe(405);
  expect(post.headers.get('allow')).toContain('GET');
  await streamsOpen(servers.a, 0);
}, 180_000);

describe('a comment grown by other members (issue 41, finding 6)', () => {
  it('an event over the size limit is left out; the stream stays open, live and on a reconnect', async () => {
    const author = await login(servers.a, 2);
    const { post } = await author.api.v2.posts.create({ content: 'Reply to me', pic: '' });
    const { comment } = await author.api.v2.comments.add(post._id, 'Replies below');
    const stream = await openStream(servers.a, { query: `?post=${post._id}` });
    await streamsOpen(servers.a, 1);
    const oversizedBefore = await metric(servers.a, 'live_events_oversized');
    // Long replies of characters JSON escapes (6 bytes each): the comment's event outgrows LIVE_MAX_EVENT_BYTES and a stream buffer.
    const members = [await login(servers.a, 1), await login(servers.a, 3), await login(servers.a, 4)];
    const long = '\u0001'.repeat(TEXT_LIMITS.comment);
    for (let n = 0; n < LIMITS.maxRepliesPerComment; n += 1) await members[n % 3]!.api.v2.comments.reply(comment._id, long);
    const { comment: later } = await author.api.v2.comments.add(post._id, 'After the flood');
    await stream.next('comment.added', (d) => (d.comment as { _id: string })._id === later._id);
    expect(stream.closed).toBe(false);
    expect(stream.events.every((e) => JSON.stringify(e.data).length < LIVE_MAX_EVENT_BYTES)).toBe(true);
    expect(await metric(servers.a, 'live_events_oversized')).toBeGreaterThan(oversizedBefore);
    // A reconnect from before the flood replays past it too.
    const first = stream.events.find((e) => e.event === 'comment.edited')!;
    stream.close();
    await streamsOpen(servers.a, 0);
    const again = await openStream(servers.a, { query: `?post=${post._id}`, lastEventId: first.id });
    await again.next('comment.added', (d) => (d.comment as { _id: string })._id === later._id);
    expect(again.closed).toBe(false);
    again.close();
    await streamsOpen(servers.a, 0);
  }, 180_000);
});

describe('caps on open streams (issue 41, finding 5)', () => {
  it('refuses a stream past the per-address cap with 429 and Retry-After, counted in /metrics, and takes one again once one closes', async () => {
    const capped = await instanceWith(servers.a, { API_LIVE_STREAMS_PER_ADDRESS: '3', API_TRUST_PROXY: 'true' });
    try {
      const target = { url: capped.url };
      const from = (address: string) => ({ 'X-Forwarded-For': address });
      const open = [];
      for (let i = 0; i < 3; i += 1) open.push(await openStream(target, { query: '?explore=1', headers: from('10.5.0.1') }));
      expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
      const abort = new AbortController();
      const refused = await fetch(`${capped.url}/api/v2/events?explore=1`, { headers: from('10.5.0.1'), signal: abort.signal });
      // A stream let through never ends: its body is not read.
      if (refused.status !== 429) abort.abort();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ errors: [HTTP_MESSAGES.liveStreamsPerAddress] });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await metric(target, 'live_streams_open')).toBe(3);
      expect((await fetch(`${capped.url}/metrics`).then((r) => r.text())).includes('live_streams_refused{reason="address"} 1')).toBe(true);
      // A neighbour on another address is not refused; the address gets a stream again once one of its own closes.
      const neighbour = await openStream(target, { query: '?explore=1', headers: from('10.5.0.2') });
      expect(neighbour.status).toBe(200);
      open[0]!.close();
      await streamsOpen(target, 3);
      const again = await openStream(target, { query: '?explore=1', headers: from('10.5.0.1') });
      expect(again.status).toBe(200);
      for (const stream of [...open, neighbour, again]) stream.close();
      await streamsOpen(target, 0);
    } finally {
      await capped.close();
    }
  }, 180_000);
});

describe("a member's private events: one-time tickets", () => {
  const ticketOf = async (server: { url: string }, token: string) => {
    const answer = await fetch(`${server.url}/api/v2${LIVE_TICKET_PATH}`, { method: 'POST', headers: { authorization: token } });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as LiveTicketAnswer).ticket;
  };
  const withTicket = (ticket: string) => `?explore=1&${LIVE_TICKET_PARAM}=${encodeURIComponent(ticket)}`;
  /** An instance whose heartbeat (the backstop session check) never comes within a test: a stream that ends, ends for another reason. */
  const withoutHeartbeat = () => instanceWith(servers.a, {}, { heartbeatMs: 60 * 60_000 });

  it("a like's viewer.post goes only to the liker's ticketed stream; anonymous and other members' streams get the counts alone", async () => {
    const kabir = await login(servers.a, 3);
    const meera = await login(servers.a, 2);
    const mine = await openStream(servers.a, { query: withTicket(await ticketOf(servers.a, kabir.encodedToken)) });
    const hers = await openStream(servers.a, { query: withTicket(await ticketOf(servers.a, meera.encodedToken)) });
    const anyone = await openStream(servers.a, { query: '?explore=1' });
    await streamsOpen(servers.a, 3);
    const { post } = await meera.api.v2.posts.create({ content: 'Like me privately', pic: '' });
    await kabir.api.v2.posts.like(post._id);
    const viewer = await mine.next('viewer.post', (d) => d.postId === post._id);
    expect(viewer.data).toEqual({
      memberId: kabir.foundUser._id,
      postId: post._id,
      viewer: { reaction: 'like', bookmarked: false, reposted: false },
    });
    // The counts come after it on every stream: by then the private event would have come too.
    for (const stream of [hers, anyone]) await stream.next('post.counts', (d) => d.postId === post._id && d.likeCount === 1);
    for (const stream of [hers, anyone]) expect(stream.events.filter((e) => e.event.startsWith('viewer.'))).toEqual([]);
    for (const stream of [mine, hers, anyone]) stream.close();
    await streamsOpen(servers.a, 0);
  }, 120_000);

  it('a ticket opens one stream: used again, forged or after logout it is 401; logout closes its open stream at once', async () => {
    const quick = await withoutHeartbeat();
    try {
      const target = { url: quick.url };
      const kabir = await login(servers.a, 3);
      const ticket = await ticketOf(target, kabir.encodedToken);
      const first = await openStream(target, { query: withTicket(ticket) });
      expect(first.status).toBe(200);
      const refusals: number[] = [];
      for (const query of [withTicket(ticket), withTicket('forged-ticket'), `?${LIVE_TICKET_PARAM}=a&${LIVE_TICKET_PARAM}=b`]) {
        const answer = await fetch(`${quick.url}/api/v2/events${query}`);
        refusals.push(answer.status);
        if (answer.status === 401) expect(await answer.json()).toEqual({ errors: [LIVE_ERRORS.badTicket] });
      }
      expect(refusals).toEqual([401, 401, 400]);
      // Without a token there is no ticket.
      expect((await fetch(`${quick.url}/api/v2${LIVE_TICKET_PATH}`, { method: 'POST' })).status).toBe(404);

      // The same member signed in elsewhere: that session's stream outlives the logout.
      const elsewhere = await login(servers.a, 3);
      const other = await openStream(target, { query: withTicket(await ticketOf(target, elsewhere.encodedToken)) });
      await streamsOpen(target, 2);
      const unused = await ticketOf(target, kabir.encodedToken);
      // Through the other instance: the stream's instance hears of it from the database.
      await kabir.api.auth.logout();
      expect((await fetch(`${quick.url}/api/v2/events${withTicket(unused)}`)).status).toBe(401);
      await first.until(() => first.closed);
      const { post } = await elsewhere.api.v2.posts.create({ content: 'Still signed in here', pic: '' });
      await elsewhere.api.v2.posts.like(post._id);
      await other.next('viewer.post', (d) => d.postId === post._id);
      expect(other.closed).toBe(false);
      other.close();
    } finally {
      await quick.close();
    }
  }, 120_000);

  // New members, so the blocks and mutes leave the seed's follows alone for the other tests.
  const newMember = async (name: string) => {
    const { me, encodedToken } = await clientFor(servers.a).v2.auth.signup({
      username: `${name}-${Date.now()}@live.test`,
      password: 'Passw0rd!',
      firstName: name,
      lastName: 'Test',
    });
    return { id: me._id, username: me.username, api: clientFor(servers.a, encodedToken), token: encodedToken };
  };

  it('a password change from another session ends the streams of every other session at once, on every instance', async () => {
    const slow = await withoutHeartbeat();
    try {
      const target = { url: slow.url };
      const member = await newMember('robbed');
      const thief = await openStream(target, { query: withTicket(await ticketOf(target, member.token)) });
      await streamsOpen(target, 1);
      const owner = await clientFor(servers.a).v2.auth.login({ username: member.username, password: 'Passw0rd!' });
      const { encodedToken } = await clientFor(servers.a, owner.encodedToken).v2.me.changePassword({
        currentPassword: 'Passw0rd!',
        newPassword: 'N3w-Passw0rd!',
      });
      await thief.until(() => thief.closed);
      // The owner's new session opens a stream as before.
      const mine = await openStream(target, { query: withTicket(await ticketOf(target, encodedToken)) });
      expect(mine.status).toBe(200);
      mine.close();
    } finally {
      await slow.close();
    }
  }, 120_000);

  it("an account deletion ends the member's streams at once", async () => {
    const slow = await withoutHeartbeat();
    try {
      const target = { url: slow.url };
      const member = await newMember('leaving');
      const stream = await openStream(target, { query: withTicket(await ticketOf(target, member.token)) });
      await streamsOpen(target, 1);
      await member.api.v2.me.deleteAccount('Passw0rd!');
      await stream.until(() => stream.closed);
    } finally {
      await slow.close();
    }
  }, 120_000);

  it("a ticketed stream leaves out the posts and comments of members the member's lists hide (docs/safety.md)", async () => {
    const reader = await newMember('reader');
    const blocker = await newMember('blocker');
    const muted = await newMember('muted');
    const other = await newMember('other');
    await blocker.api.v2.members.block(reader.id);
    await reader.api.v2.members.mute(muted.id, 0);
    const mine = await openStream(servers.a, { query: withTicket(await ticketOf(servers.a, reader.token)) });
    const anyone = await openStream(servers.a, { query: '?explore=1' });
    await streamsOpen(servers.a, 2);
    const written = [];
    for (const author of [blocker, muted, other])
      written.push((await author.api.v2.posts.create({ content: 'Live to whom?', pic: '' })).post._id);
    const last = written[2]!;
    const created = (stream: Stream) =>
      stream.events.filter((e) => e.event === 'post.created').map((e) => (e.data.post as { _id: string })._id);
    // In order: once the last one came, the others would have come before it.
    await mine.next('post.created', (d) => (d.post as { _id: string })._id === last);
    expect(created(mine)).toEqual([last]);
    await anyone.next('post.created', (d) => (d.post as { _id: string })._id === last);
    expect(created(anyone)).toEqual(written);
    for (const stream of [mine, anyone]) stream.close();
    await streamsOpen(servers.a, 0);
  }, 120_000);

  it("a mute reaches the member's stream as viewer.relationship and applies to it at once, not at the next heartbeat", async () => {
    const reader = await newMember('reader');
    const muted = await newMember('muted');
    const other = await newMember('other');
    const mine = await openStream(servers.a, { query: withTicket(await ticketOf(servers.a, reader.token)) });
    const anyone = await openStream(servers.a, { query: '?explore=1' });
    await streamsOpen(servers.a, 2);
    await reader.api.v2.members.mute(muted.id, 0);
    const told = await mine.next('viewer.relationship', (d) => d.otherId === muted.id);
    expect(told.data).toEqual({
      memberId: reader.id,
      otherId: muted.id,
      relationship: { blocking: false, muting: true, mutedUntil: null },
    });
    const hidden = (await muted.api.v2.posts.create({ content: 'Muted a moment ago', pic: '' })).post._id;
    const shown = (await other.api.v2.posts.create({ content: 'Not muted', pic: '' })).post._id;
    const created = (stream: Stream) =>
      stream.events.filter((e) => e.event === 'post.created').map((e) => (e.data.post as { _id: string })._id);
    await mine.next('post.created', (d) => (d.post as { _id: string })._id === shown);
    expect(created(mine)).toEqual([shown]);
    await anyone.next('post.created', (d) => (d.post as { _id: string })._id === shown);
    expect(created(anyone)).toEqual([hidden, shown]);
    expect(anyone.events.filter((e) => e.event.startsWith('viewer.'))).toEqual([]);
    for (const stream of [mine, anyone]) stream.close();
    await streamsOpen(servers.a, 0);
  }, 120_000);

  it("a visible comment's live events leave out the replies of members the member's lists hide", async () => {
    const reader = await newMember('reader');
    const muted = await newMember('muted');
    const other = await newMember('other');
    await reader.api.v2.members.mute(muted.id, 0);
    const { post } = await other.api.v2.posts.create({ content: 'Replies for whom?', pic: '' });
    const { comment } = await other.api.v2.comments.add(post._id, 'A visible comment');
    const topics = `?${LIVE_TOPIC_PARAMS.post}=${post._id}&${LIVE_TICKET_PARAM}=`;
    const mine = await openStream(servers.a, { query: topics + encodeURIComponent(await ticketOf(servers.a, reader.token)) });
    const anyone = await openStream(servers.a, { query: `?${LIVE_TOPIC_PARAMS.post}=${post._id}` });
    await streamsOpen(servers.a, 2);
    await muted.api.v2.comments.reply(comment._id, 'A hidden reply');
    await other.api.v2.comments.reply(comment._id, 'A visible reply');
    const replies = (event: { data: Record<string, unknown> }) => (event.data.comment as CommentV2).replies.map((r) => r.content);
    const hasTwo = (d: Record<string, unknown>) => (d.comment as CommentV2).replies.length === 2;
    expect(replies(await anyone.next('comment.edited', hasTwo))).toEqual(['A hidden reply', 'A visible reply']);
    // The reader's stream gets both events, in order, each without the hidden reply.
    await mine.next('comment.edited', (d) => (d.comment as CommentV2).replies.some((r) => r.content === 'A visible reply'));
    expect(mine.events.filter((e) => e.event === 'comment.edited').map(replies)).toEqual([[], ['A visible reply']]);
    for (const stream of [mine, anyone]) stream.close();
    await streamsOpen(servers.a, 0);
  }, 120_000);

  it('refuses a member past the per-member cap with 429, from any address', async () => {
    const capped = await instanceWith(servers.a, { API_LIVE_STREAMS_PER_MEMBER: '2', API_TRUST_PROXY: 'true' });
    try {
      const target = { url: capped.url };
      const kabir = await login(servers.a, 3);
      const open: Stream[] = [];
      for (const address of ['10.6.0.1', '10.6.0.2'])
        open.push(
          await openStream(target, {
            query: withTicket(await ticketOf(target, kabir.encodedToken)),
            headers: { 'X-Forwarded-For': address },
          }),
        );
      expect(open.map((s) => s.status)).toEqual([200, 200]);
      const refused = await fetch(`${capped.url}/api/v2/events${withTicket(await ticketOf(target, kabir.encodedToken))}`, {
        headers: { 'X-Forwarded-For': '10.6.0.3' },
      });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ errors: [HTTP_MESSAGES.liveStreamsPerMember] });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await fetch(`${capped.url}/metrics`).then((r) => r.text())).includes('live_streams_refused{reason="member"} 1')).toBe(true);
      // Another member, and anonymous streams, are not refused.
      const meera = await login(servers.a, 2);
      const hers = await openStream(target, {
        query: withTicket(await ticketOf(target, meera.encodedToken)),
        headers: { 'X-Forwarded-For': '10.6.0.3' },
      });
      expect(hers.status).toBe(200);
      for (const stream of [...open, hers]) stream.close();
      await streamsOpen(target, 0);
    } finally {
      await capped.close();
    }
  }, 180_000);
});

describe('a client that does not read', () => {
  it('is dropped when its buffer is full, while a reading client gets everything', async () => {
    // 8,000 events of about 2 KB each (16 MB): far past what the socket and a stream's buffer hold.
    const before = await servers.a.database.db.transaction().execute(async (trx) => {
      const head = await sql<{ max: string }>`select coalesce(max(seq), 0)::text as max from change_log`.execute(trx);
      await sql`insert into change_log (kind, entity_id, payload)
        select 'post.counts', 'bulk', jsonb_build_object('postId', 'bulk-' || n, 'likeCount', n, 'dislikeCount', 0, 'commentCount', 0, 'padding', repeat('x', 2000))
        from generate_series(1, 8000) as n`.execute(trx);
      return head.rows[0]!.max;
    });
    const droppedBefore = await metric(servers.a, 'live_streams_dropped');
    await openStream(servers.a, { lastEventId: before, read: false });
    // The server gives up on it: the drop is counted and no stream stays open.
    for (let i = 0; i < 5000 && (await metric(servers.a, 'live_streams_dropped')) === droppedBefore; i += 1)
      await new Promise((resolve) => setImmediate(resolve));
    expect(await metric(servers.a, 'live_streams_dropped')).toBe(droppedBefore + 1);

    // A reader reconnects from its last id when it is closed (as EventSource does): a burst past its
    // buffer (the bulk may go out live on an instance that already follows the log) costs a reconnect, no event.
    const got: number[] = [];
    let lastId = before;
    let reader: Stream | undefined;
    for (let attempt = 0; attempt < 50 && !got.includes(8000); attempt += 1) {
      const current = await openStream(servers.a, { lastEventId: lastId });
      reader = current;
      await current.until(() => current.closed || current.events.some((e) => e.data.postId === 'bulk-8000'));
      for (const e of current.events) {
        if (e.event === 'post.counts' && String(e.data.postId).startsWith('bulk-')) got.push(Number(String(e.data.postId).slice(5)));
        lastId = e.id;
      }
    }
    const missing = Array.from({ length: 8000 }, (_, i) => i + 1).filter((n) => !got.includes(n));
    expect(missing).toEqual([]);
    expect(got).toEqual([...got].sort((x, y) => x - y));
    expect(got.length).toBe(8000);
    expect(Number(lastId)).toBe(Number(before) + 8000);
    reader?.close();
    await streamsOpen(servers.a, 0);
  }, 120_000);
});

describe('what a stream gets: what its open pages show', () => {
  // Kabir follows Meera (and Rohan); Sara is a stranger to him (the seed's follows).
  const KABIR = 'u3-kabir';
  const idOf = (d: Record<string, unknown>) => (d.post as { _id: string })._id;
  const newPost = async (n: 2 | 3 | 4, content: string) =>
    (await (await login(servers.a, n)).api.v2.posts.create({ content, pic: '' })).post;
  /** The events of a stream that name a post (its own, or a comment's). */
  const about = (stream: Stream, postId: string) =>
    stream.events.filter((e) =>
      [
        e.data.postId,
        (e.data.post as { _id?: string } | undefined)?._id,
        (e.data.comment as { postId?: string } | undefined)?.postId,
      ].includes(postId),
    );

  it("a stream reading post X gets X's comments and not Y's; every stream gets the counts", async () => {
    const [x, y] = [await newPost(2, 'Post X'), await newPost(2, 'Post Y')];
    const readingX = await openStream(servers.a, { query: `?post=${x._id}` });
    const elsewhere = await openStream(servers.b);
    await streamsOpen(servers.a, 1);
    await streamsOpen(servers.b, 1);
    const sara = await login(servers.a, 4);
    await sara.api.v2.comments.add(y._id, 'On Y');
    const { comment } = await sara.api.v2.comments.add(x._id, 'On X');
    await readingX.next('comment.added', (d) => (d.comment as { _id: string })._id === comment._id);
    await readingX.next('post.counts', (d) => d.postId === x._id && d.commentCount === 1);
    // Y's comment came first: by now it would have arrived. Its count did, as on every stream.
    expect(about(readingX, y._id).map((e) => e.event)).toEqual(['post.counts']);
    await elsewhere.next('post.counts', (d) => d.postId === x._id && d.commentCount === 1);
    expect(elsewhere.events.filter((e) => e.event.startsWith('comment.'))).toEqual([]);
    expect(elsewhere.events.filter((e) => e.event === 'post.created')).toEqual([]);
    readingX.close();
    elsewhere.close();
    await streamsOpen(servers.a, 0);
    await streamsOpen(servers.b, 0);
  }, 180_000);

  it("a home stream gets the posts of its member's circle, and a stranger's once they follow them; explore gets all", async () => {
    const home = await openStream(servers.b, { query: `?home=${KABIR}` });
    const explore = await openStream(servers.b, { query: '?explore=1' });
    await streamsOpen(servers.b, 2);
    const stranger = await newPost(4, "Sara's post, before Kabir follows her");
    const followed = await newPost(2, "Meera's post, whom Kabir follows");
    await home.next('post.created', (d) => idOf(d) === followed._id);
    expect(home.events.filter((e) => e.event === 'post.created').map((e) => idOf(e.data))).toEqual([followed._id]);
    await explore.next('post.created', (d) => idOf(d) === followed._id);
    expect(explore.events.filter((e) => e.event === 'post.created').map((e) => idOf(e.data))).toEqual([stranger._id, followed._id]);

    // Kabir follows Sara (through the other instance): her next post comes to his home stream.
    const kabir = await login(servers.a, 3);
    await kabir.api.v2.members.follow('u4-sara');
    await home.next('follow.changed', (d) => d.followerId === KABIR && d.followeeId === 'u4-sara' && d.following === true);
    const after = await newPost(4, "Sara's post, now that Kabir follows her");
    await home.next('post.created', (d) => idOf(d) === after._id);
    await kabir.api.v2.members.unfollow('u4-sara');
    await home.next('follow.changed', (d) => d.followeeId === 'u4-sara' && d.following === false);
    const unfollowed = await newPost(4, "Sara's post, after Kabir unfollowed her");
    const own = await newPost(3, "Kabir's own post");
    await home.next('post.created', (d) => idOf(d) === own._id);
    expect(home.events.some((e) => e.event === 'post.created' && idOf(e.data) === unfollowed._id)).toBe(false);
    home.close();
    explore.close();
    await streamsOpen(servers.b, 0);
  }, 180_000);

  it('a reconnect with Last-Event-ID replays through the same filter', async () => {
    const [x, y] = [await newPost(2, 'Replayed X'), await newPost(2, 'Replayed Y')];
    const first = await openStream(servers.a, { query: '?explore=1' });
    await streamsOpen(servers.a, 1);
    const marker = await newPost(3, 'Before the stream went away');
    const seen = await first.next('post.created', (d) => idOf(d) === marker._id);
    first.close();
    await streamsOpen(servers.a, 0);

    // While away: comments on Y and X, a stranger's post and a followed author's.
    const sara = await login(servers.b, 4);
    await sara.api.v2.comments.add(y._id, 'Missed on Y');
    const { comment } = await sara.api.v2.comments.add(x._id, 'Missed on X');
    const stranger = await newPost(4, 'A stranger to Kabir, while away');
    const followed = await newPost(2, 'Followed by Kabir, while away');

    const again = await openStream(servers.a, { query: `?home=${KABIR}&post=${x._id}`, lastEventId: seen.id });
    await again.next('post.created', (d) => idOf(d) === followed._id);
    expect(again.events.filter((e) => e.event.startsWith('comment.')).map((e) => (e.data.comment as { _id: string })._id)).toEqual([
      comment._id,
    ]);
    expect(again.events.filter((e) => e.event === 'post.created').map((e) => idOf(e.data))).toEqual([followed._id]);
    expect(about(again, stranger._id)).toEqual([]);
    // Counts of both posts still come: every stream gets them.
    expect(about(again, y._id).map((e) => e.event)).toEqual(['post.counts']);
    expect(again.events.every((e) => BigInt(e.id) > BigInt(seen.id))).toBe(true);
    again.close();
    await streamsOpen(servers.a, 0);
  }, 180_000);

  it('a stream that gets none of the events still moves on: its heartbeat carries its position', async () => {
    // A hub of its own with a short heartbeat, serving one stream that names a post nobody writes to.
    const hub = new LiveHub(servers.a.database.db, undefined, { warn: () => undefined }, { heartbeatMs: 20, pollMs: 20 });
    const server = http.createServer((_request, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const filter = filterOf({ post: 'a-post-nobody-reads' }) as StreamFilter;
      void hub.start().then(() => hub.open(hub.stream(res, filter, null), undefined));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as import('node:net').AddressInfo;
      let text = '';
      const seen = (pattern: RegExp) =>
        new Promise<RegExpExecArray>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`not seen in 20 s: ${text}`)), 20_000);
          const check = () => {
            const found = pattern.exec(text);
            if (found) {
              clearTimeout(timer);
              resolve(found);
            }
          };
          response.on('data', check);
          check();
        });
      const response = await new Promise<http.IncomingMessage>((resolve) =>
        http.get(`http://127.0.0.1:${port}/`, { agent: false }, resolve),
      );
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      await seen(/: heartbeat\n\n/);
      // An event for another post only: the stream does not get it, but its position moves past it.
      const seq = await servers.a.database.db.transaction().execute(async (trx) => {
        const { rows: inserted } = await sql<{ seq: string }>`insert into change_log (kind, entity_id, post_id, payload)
          values ('comment.deleted', 'c-elsewhere', 'p-elsewhere', '{"commentId":"c-elsewhere","postId":"p-elsewhere"}') returning seq::text as seq`.execute(
          trx,
        );
        return inserted[0]!.seq;
      });
      await seen(new RegExp(`id: ${seq}\n: heartbeat\n\n`));
      expect(text).not.toContain('event: comment.deleted');
      response.destroy();
    } finally {
      await hub.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);

  it('a query it cannot read is 400, in the API error shape', async () => {
    const cases: [string, string][] = [
      ['?home=', '"home" must be one member id.'],
      ['?home=u1-adarsh&home=u2-meera', '"home" must be one member id.'],
      ['?home=%3Cscript%3E', '"home" must be one member id.'],
      ['?explore=yes', '"explore" must be 1.'],
      ['?explore=1&explore=1', '"explore" must be 1.'],
      ['?post=', '"post" must be a post id, given at most 10 times.'],
      [`?${Array.from({ length: 11 }, (_, i) => `post=p${i}`).join('&')}`, '"post" must be a post id, given at most 10 times.'],
    ];
    for (const [query, message] of cases) {
      const answer = await fetch(`${servers.a.url}/api/v2/events${query}`);
      expect([query, answer.status]).toEqual([query, 400]);
      expect(await answer.json()).toEqual({ errors: [message] });
    }
    await streamsOpen(servers.a, 0);
  });
});

describe('an instance stopped while a stream is open, and a fresh one started', () => {
  // The file's database, with B writing: on PGlite the worker's embedded one, where every
  // instance started here is one more server on it (api-server/test/kit.ts).
  const started: RunningServer[] = [];
  const instance = async () => {
    const server = await startTestServer({ pglite: await workerPGlite() });
    started.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of started) await server.close();
  }, 60_000);

  it('a client that reconnects to the new instance with its last id gets every event written meanwhile, in order, once', async () => {
    const first = await instance();
    const stream = await openStream(first, { query: '?explore=1' });
    await streamsOpen(first, 1);
    const kabir = await login(servers.b, 3);
    const { post } = await kabir.api.v2.posts.create({ content: 'Seen before the instance stopped', pic: '' });
    const seen = await stream.next('post.created', (d) => (d.post as { _id: string })._id === post._id);

    // The instance stops with the stream open: the stream ends.
    await first.close();
    await stream.until(() => stream.closed);

    // While away, through the other instance: posts, an edit, a like, a comment, a follow.
    const sara = await login(servers.b, 4);
    const { post: away } = await sara.api.v2.posts.create({ content: 'Written while the instance was down', pic: '' });
    await kabir.api.v2.posts.edit(post._id, { content: 'Edited while the instance was down', pic: '' });
    await sara.api.v2.posts.like(post._id);
    await sara.api.v2.comments.add(post._id, 'Commented while the instance was down');
    await kabir.api.v2.members.follow('u4-sara');
    const { post: last } = await kabir.api.v2.posts.create({ content: 'The last one while away', pic: '' });
    const missed = (
      await sql<{
        seq: string;
        kind: string;
      }>`select c.seq::text as seq, c.kind from change_log c where c.seq > ${Number(seen.id)} and c.recipient_id is null order by c.seq`.execute(
        servers.b.database.db,
      )
    ).rows;
    expect(missed.map((row) => row.kind)).toEqual(expect.arrayContaining(['post.created', 'post.edited', 'post.counts', 'comment.added']));

    // A fresh instance on the same database; the client comes back to it with its last id (naming the post it reads).
    const second = await instance();
    const again = await openStream(second, { query: `?explore=1&post=${post._id}`, lastEventId: seen.id });
    await again.next('post.created', (d) => (d.post as { _id: string })._id === last._id);
    await kabir.api.v2.members.unfollow('u4-sara');
    await again.next('follow.changed', (d) => d.followeeId === 'u4-sara' && d.following === false);
    const replayed = again.events.slice(0, missed.length);
    // Every public event of the log since its last id, in the log's order, none twice; then live.
    expect(replayed.map((e) => [e.id, e.event])).toEqual(missed.map((row) => [row.seq, row.kind]));
    const ids = again.events.map((e) => BigInt(e.id));
    expect(ids.every((id, i) => id > (i === 0 ? BigInt(seen.id) : ids[i - 1]!))).toBe(true);
    expect(again.events.filter((e) => e.event === 'post.created').map((e) => (e.data.post as { _id: string })._id)).toEqual([
      away._id,
      last._id,
    ]);
    expect(again.events.find((e) => e.event === 'post.edited')!.data.post).toMatchObject({ content: 'Edited while the instance was down' });
    again.close();
    await streamsOpen(second, 0);
  }, 180_000);
});
