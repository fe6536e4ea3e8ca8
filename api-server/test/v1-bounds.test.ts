/**
 * A public deployment a stranger cannot take over (issue 53, findings 5-7): v1's lists bounded,
 * compressed, cached and paid for by size in public mode; no e-mail look-up of a member there;
 * a stream ticket spent by whatever request presents it; a request log without tickets, tokens,
 * passwords or e-mails. Outside public mode SPEC §7's v1 answers are as they were.
 */
import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import http from 'node:http';
import { SERVER_ERRORS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { LIVE_TICKET_PARAM } from '@social/mock-api/contract-live';
import { rows, sql } from '../src/db';
import { BUDGET_UNIT_BYTES } from '../src/http/v1-lists';
import { HTTP_MESSAGES } from '../src/http/messages';
import type { RunningServer } from '../src/server';
import { send, serverForFile, startTestServer, withInstance } from './kit';
import { openStream, streamsOpen } from './sse';

jest.setTimeout(120_000);

let server: RunningServer;
serverForFile((started) => (server = started));

const [adarsh, meera] = TEST_CREDENTIALS as unknown as [{ username: string; password: string }, { username: string; password: string }];

const tokenOf = async (base: string, who: { username: string; password: string }) =>
  ((await send(base, '/api/auth/login', { body: who })).json as { encodedToken: string }).encodedToken;

const idsOf = (answer: unknown, field: 'posts' | 'users' | 'allUsers') =>
  (answer as Record<string, { _id: string }[]>)[field]!.map((x) => x._id);

const newestPosts = async (n: number) =>
  (await rows(server.database.db, sql<{ id: string }>`select id from posts order by created_at desc, seq limit ${n}`)).map((r) => r.id);

/** The bytes of a GET as they come (no decoding), and its headers. */
function raw(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('v1 lists in public mode (finding 5)', () => {
  it('hold at most API_V1_MAX_ITEMS newest items: every post, a page, an author, every member, and the writes that answer them', async () => {
    await withInstance(server, { API_PUBLIC_MODE: '1', API_V1_MAX_ITEMS: '3' }, async (instance) => {
      expect(idsOf((await send(instance.url, '/api/posts')).json, 'posts')).toEqual(await newestPosts(3));
      expect(idsOf((await send(instance.url, '/api/posts/100/0?sort=latest')).json, 'posts')).toEqual(await newestPosts(3));
      expect(idsOf((await send(instance.url, '/api/posts/2/50')).json, 'posts')).toHaveLength(3);
      const newestMembers = (await rows(server.database.db, sql<{ id: string }>`select id from members order by seq desc limit 3`))
        .map((r) => r.id)
        .reverse();
      expect(idsOf((await send(instance.url, '/api/users')).json, 'users')).toEqual(newestMembers);

      const token = await tokenOf(instance.url, adarsh);
      const created = await send(instance.url, '/api/posts', { token, body: { postData: { content: 'Bounded answer' } } });
      expect(created.status).toBe(201);
      expect(idsOf(created.json, 'posts')).toEqual(await newestPosts(3));
      expect((created.json as { posts: { content: string }[] }).posts[0]!.content).toBe('Bounded answer');
      for (let i = 0; i < 4; i += 1) await send(instance.url, '/api/posts', { token, body: { postData: { content: `Mine ${i}` } } });
      expect(idsOf((await send(instance.url, '/api/posts/user/adarshbalika')).json, 'posts')).toHaveLength(3);

      // The follower (test user 1) is not among the three newest members: the answer still names them.
      const followed = await send(instance.url, '/api/users/follow/u5-rohan', { token, body: {} });
      expect(followed.status).toBe(200);
      expect((followed.json as { user: { _id: string } }).user._id).toBe('u1-adarsh');
      expect(idsOf(followed.json, 'allUsers')).toEqual(newestMembers);
    });
  });

  it('are as SPEC §7 says outside public mode: every post and every member', async () => {
    await withInstance(server, { API_V1_MAX_ITEMS: '3' }, async (instance) => {
      const all = (await rows(server.database.db, sql<{ n: number }>`select count(*)::int as n from posts`))[0]!.n;
      expect(all).toBeGreaterThan(3);
      expect(idsOf((await send(instance.url, '/api/posts')).json, 'posts')).toHaveLength(all);
      expect(idsOf((await send(instance.url, '/api/users')).json, 'users').length).toBeGreaterThan(3);
    });
  });

  it("are compressed, and cached: a member's own change is in their next read, anyone's within a second", async () => {
    await withInstance(server, { API_PUBLIC_MODE: '1' }, async (instance) => {
      const first = await raw(instance.url, '/api/posts', { 'Accept-Encoding': 'gzip, br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
      const decoded = JSON.parse(brotliDecompressSync(first.body).toString()) as { posts: { _id: string }[] };
      expect(decoded.posts.map((p) => p._id)).toEqual(await newestPosts(500));
      const plain = await raw(instance.url, '/api/posts');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body.toString())).toEqual(decoded);

      const token = await tokenOf(instance.url, meera);
      const newest = async (asMember?: string) =>
        ((await send(instance.url, '/api/posts', { token: asMember })).json as { posts: { content: string }[] }).posts[0]!.content;
      expect(await newest(token)).not.toBe('Seen at once');
      const made = await send(instance.url, '/api/v2/posts', { token, body: { postData: { content: 'Seen at once' } } });
      expect(made.status).toBe(201);
      // The member who made the change sees it in their next read…
      expect(await newest(token)).toBe('Seen at once');
      // …and everyone within a second (bounded: at most 2,000 reads).
      let seen = await newest();
      for (let i = 0; i < 2000 && seen !== 'Seen at once'; i += 1) seen = await newest();
      expect(seen).toBe('Seen at once');
    });
  });

  it('give each member their own view of a cached list, and everyone else the anonymous one', async () => {
    await withInstance(server, { API_PUBLIC_MODE: '1' }, async (instance) => {
      type Posts = { posts: { userId: string; username?: string }[] };
      const withEmail = async (token?: string) =>
        new Set(
          ((await send(instance.url, '/api/posts', { token })).json as Posts).posts.filter((p) => 'username' in p).map((p) => p.userId),
        );
      const adarshToken = await tokenOf(instance.url, adarsh);
      expect(await withEmail(adarshToken)).toEqual(new Set(['u1-adarsh']));
      expect(await withEmail()).toEqual(new Set());
      expect(await withEmail(await tokenOf(instance.url, meera))).toEqual(new Set(['u2-meera']));
      expect(await withEmail('Bearer not-a-token')).toEqual(new Set());
      expect(await withEmail(adarshToken)).toEqual(new Set(['u1-adarsh']));
    });
  });

  it("show another instance's change in a later read (it is heard, and no list is kept over a second)", async () => {
    await withInstance(server, { API_PUBLIC_MODE: '1' }, async (instance) => {
      expect((await send(instance.url, '/api/posts')).status).toBe(200);
      const token = await tokenOf(server.url, meera);
      expect((await send(server.url, '/api/v2/posts', { token, body: { postData: { content: 'From elsewhere' } } })).status).toBe(201);
      const newest = async () => ((await send(instance.url, '/api/posts')).json as { posts: { content: string }[] }).posts[0]!.content;
      let seen = await newest();
      // Bounded: at most 2,000 reads (the cache answers each in about a millisecond).
      for (let i = 0; i < 2000 && seen !== 'From elsewhere'; i += 1) seen = await newest();
      expect(seen).toBe('From elsewhere');
    });
  });

  it("count against the reader's budget by size: one unit per 16 KB; spent, a list write is refused before it is made", async () => {
    const budget = 40;
    await withInstance(server, { API_PUBLIC_MODE: '1', API_READ_RATE_LIMIT: String(budget) }, async (instance) => {
      // A list of over 16 KB: posts with long texts.
      await sql`insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
        select 'bulk-' || i, 'bulk-' || i, 'u2-meera', repeat('x', 1000), now() - i * interval '1 second', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00'
        from generate_series(1, 60) i`.execute(server.database.db);
      const bytes = Buffer.byteLength(JSON.stringify((await send(instance.url, '/api/posts')).json));
      const units = Math.ceil(bytes / BUDGET_UNIT_BYTES);
      expect(units).toBeGreaterThan(1);
      // The first read above paid `units` too; the route's own limit (a request a unit) stays far off.
      const served = Math.ceil(budget / units) - 1;
      const statuses: number[] = [];
      for (let i = 0; i < served + 2; i += 1) statuses.push((await send(instance.url, '/api/posts')).status);
      expect(statuses.slice(0, served).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(served).every((s) => s === 429)).toBe(true);
      const refused = await send(instance.url, '/api/posts');
      expect(refused).toMatchObject({ status: 429, json: { errors: [HTTP_MESSAGES.v1ListBudget] } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      const token = await tokenOf(instance.url, adarsh);
      const write = await send(instance.url, '/api/posts', { token, body: { postData: { content: 'Never made' } } });
      expect(write.status).toBe(429);
      expect(await rows(server.database.db, sql`select 1 from posts where content = 'Never made'`)).toEqual([]);
      // A single post is no list: still answered.
      expect((await send(instance.url, '/api/posts/bulk-1')).status).toBe(200);
    });
  });
});

describe('a member by e-mail (finding 6)', () => {
  it('answers the same 404 for any e-mail in public mode; a handle still works', async () => {
    await withInstance(server, { API_PUBLIC_MODE: '1' }, async (instance) => {
      const member = await send(instance.url, `/api/posts/user/${encodeURIComponent(adarsh.username)}`);
      const nobody = await send(instance.url, `/api/posts/user/${encodeURIComponent('nobody@socialmfe.dev')}`);
      expect(member).toMatchObject({ status: 404, json: { errors: [SERVER_ERRORS.memberNotFound] } });
      expect(member.json).toEqual(nobody.json);
      const byHandle = await send(instance.url, '/api/posts/user/adarshbalika');
      expect(byHandle.status).toBe(200);
      expect(idsOf(byHandle.json, 'posts').length).toBeGreaterThan(0);
    });
    // SPEC §7 elsewhere: the login e-mail finds the member.
    expect((await send(server.url, `/api/posts/user/${encodeURIComponent(adarsh.username)}`)).status).toBe(200);
  });
});

describe('stream tickets (finding 7)', () => {
  const ticketOf = async (base: string, token: string) =>
    ((await send(base, '/api/v2/events/ticket', { token, body: {} })).json as { ticket: string }).ticket;
  const withTicket = (ticket: string) => `${LIVE_TICKET_PARAM}=${encodeURIComponent(ticket)}`;

  it('is spent by any request that presents it: a bad parameter, a HEAD, a 429, a CORS preflight', async () => {
    const token = await tokenOf(server.url, adarsh);
    const refusals: [string, (ticket: string) => Promise<number>][] = [
      ['bad Last-Event-ID', async (t) => (await send(server.url, `/api/v2/events?lastEventId=x&${withTicket(t)}`)).status],
      ['bad topic', async (t) => (await send(server.url, `/api/v2/events?home=&${withTicket(t)}`)).status],
      ['two tickets', async (t) => (await send(server.url, `/api/v2/events?${withTicket(t)}&${withTicket('other')}`)).status],
      ['HEAD', async (t) => (await send(server.url, `/api/v2/events?${withTicket(t)}`, { method: 'HEAD' })).status],
      [
        'preflight',
        async (t) =>
          (
            await send(server.url, `/api/v2/events?${withTicket(t)}`, {
              method: 'OPTIONS',
              headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
            })
          ).status,
      ],
    ];
    for (const [name, refuse] of refusals) {
      const ticket = await ticketOf(server.url, token);
      const status = await refuse(ticket);
      expect([name, status === 200 || status === 204 || status === 400]).toEqual([name, true]);
      const later = await openStream(server, { query: `?${withTicket(ticket)}` });
      expect([name, later.status]).toEqual([name, 401]);
      later.close();
    }

    // Refused for too many streams from the address (429), and by the read rate limit (429).
    for (const env of [{ API_LIVE_STREAMS_PER_ADDRESS: '0' }, { API_READ_RATE_LIMIT: '1' }]) {
      await withInstance(server, env, async (instance) => {
        if (env.API_READ_RATE_LIMIT) expect((await openStream(instance, { query: '?home=' })).status).toBe(400); // spends the one read
        const ticket = await ticketOf(server.url, token);
        expect((await openStream(instance, { query: `?${withTicket(ticket)}` })).status).toBe(429);
        const later = await openStream(server, { query: `?${withTicket(ticket)}` });
        expect(later.status).toBe(401);
        later.close();
      });
    }
  });
});

describe('the request log (finding 7)', () => {
  it('holds no ticket, token, password or e-mail after a whole session', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await startTestServer({ env: { API_LOG_LEVEL: 'info' }, logStream });
    try {
      const login = await send(logged.url, '/api/auth/login', { body: adarsh });
      const token = (login.json as { encodedToken: string }).encodedToken;
      const ticket = ((await send(logged.url, '/api/v2/events/ticket', { token, body: {} })).json as { ticket: string }).ticket;
      const stream = await openStream(logged, { query: `?home=u1-adarsh&${LIVE_TICKET_PARAM}=${encodeURIComponent(ticket)}` });
      expect(stream.status).toBe(200);
      await streamsOpen(logged, 1);
      stream.close();
      const newPassword = 'changed-pass1';
      const changed = await send(logged.url, '/api/v2/me/password', { token, body: { currentPassword: adarsh.password, newPassword } });
      expect(changed.status).toBe(200);
      const newToken = (changed.json as { encodedToken: string }).encodedToken;
      expect((await send(logged.url, `/api/posts/user/${encodeURIComponent(adarsh.username)}`)).status).toBe(200);
      expect((await send(logged.url, `/api/posts/user/${adarsh.username}`)).status).toBe(200);
      expect((await send(logged.url, '/api/users', { token: newToken })).status).toBe(200);
      await streamsOpen(logged, 0);

      const log = lines.join('');
      expect(log).toContain('/api/v2/events?home=[redacted]&ticket=[redacted]'); // requests are logged…
      expect(log).toContain('/api/posts/user/[email]');
      for (const secret of [ticket, encodeURIComponent(ticket), token, newToken, adarsh.password, newPassword, adarsh.username])
        expect(log).not.toContain(secret); // …but no secret is
      expect(log).not.toContain(encodeURIComponent(adarsh.username));
    } finally {
      await logged.close();
    }
  });
});
