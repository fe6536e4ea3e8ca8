/**
 * Issue 28: bad input, rate limits, pictures, idempotency and the operations endpoints, as a
 * caller sees them (fault tests on a real PostgreSQL: faults.test.ts).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SERVER_ERRORS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { buildApp, RATE_LIMIT_MESSAGE } from '../src/app';
import { DEV_TOKEN_SECRET, loadConfig } from '../src/config';
import { sql } from '../src/db';
import { KEY_TTL_HOURS } from '../src/http/idempotency';
import { HTTP_MESSAGES } from '../src/http/messages';
import { gracefulStop } from '../src/http/shutdown';
import type { RunningServer } from '../src/server';
import { setTokenSecret } from '../src/tokens';
import { instanceWith, login, send, serverForFile } from './kit';

// Several tests start servers of their own (each a few seconds on a loaded machine).
jest.setTimeout(60_000);

let server: RunningServer;
serverForFile((started) => (server = started));

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const call = (path: string, init: Parameters<typeof send>[2] = {}) => send(server.url, path, init);

const signupBody = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: 'secret123',
  firstName: 'Nia',
  lastName: 'Rao',
  ...extra,
});

describe('text the database cannot keep', () => {
  it('answers 400 naming the field for NUL or an unpaired surrogate, in every kind of text', async () => {
    const { encodedToken: token } = await login(server, 1);
    const cases: [string, string, unknown][] = [];
    for (const [bad, label] of [
      ['a\u0000b', 'NUL'],
      ['a\uD800b', 'lone surrogate'],
    ] as const) {
      cases.push(
        [`post ${label}`, '/api/posts', { postData: { content: bad } }],
        [`comment ${label}`, '/api/comments/add/p01-sunrise', { commentData: { content: bad } }],
        [`bio ${label}`, '/api/users/edit', { userData: { bio: bad } }],
        [`signup ${label}`, '/api/auth/signup', signupBody(`nia${label.length}@socialmfe.dev`, { firstName: bad })],
        [`login ${label}`, '/api/auth/login', { username: `x${bad}@socialmfe.dev`, password: 'whatever1' }],
      );
    }
    for (const [name, path, body] of cases) {
      const answer = await call(path, { body, token });
      const field = name.startsWith('signup')
        ? 'firstName'
        : name.startsWith('login')
          ? 'username'
          : name.startsWith('bio')
            ? 'bio'
            : 'content';
      expect([name, answer.status, answer.json]).toEqual([name, 400, { errors: [HTTP_MESSAGES.badCharacter(field)] }]);
    }
    // Nothing was written.
    const posts = (await call('/api/posts')).json as { posts: { content: string }[] };
    expect(posts.posts.some((p) => p.content.startsWith('a'))).toBe(false);
  });

  it('answers 400 for a NUL in the path', async () => {
    for (const path of ['/api/posts/%00', '/api/users/id/%00', '/api/comments/%00']) {
      const answer = await call(path);
      expect([path, answer.status, answer.json]).toEqual([path, 400, { errors: [HTTP_MESSAGES.badPathCharacter] }]);
    }
  });
});

describe('what a body is', () => {
  it('reads only JSON bodies: text/plain, form-encoded and untyped bodies get 415', async () => {
    const body = JSON.stringify(TEST_CREDENTIALS[0]);
    for (const headers of [{ 'Content-Type': 'text/plain' }, { 'Content-Type': 'application/x-www-form-urlencoded' }]) {
      const answer = await call('/api/auth/login', { body, headers });
      expect([headers, answer.status, answer.json]).toEqual([headers, 415, { errors: [HTTP_MESSAGES.notJson] }]);
    }
    // A body with no Content-Type at all (bytes: fetch adds no type).
    const untyped = await fetch(`${server.url}/api/auth/login`, { method: 'POST', body: new TextEncoder().encode(body) });
    expect([untyped.status, await untyped.json()]).toEqual([415, { errors: [HTTP_MESSAGES.notJson] }]);
    // JSON with a charset, and an empty body without a type, are fine.
    expect((await call('/api/auth/login', { body, headers: { 'Content-Type': 'application/json; charset=utf-8' } })).status).toBe(200);
    const { encodedToken } = await login(server, 2);
    expect(
      (await fetch(`${server.url}/api/users/bookmark/p01-sunrise`, { method: 'POST', headers: { authorization: encodedToken } })).status,
    ).toBe(200);
  });

  it('answers headers over the size limit with 431 in the API error shape', async () => {
    const answer = await call('/api/posts', { headers: { 'X-Big': 'x'.repeat(17 * 1024) } });
    expect([answer.status, answer.json]).toEqual([431, { errors: [HTTP_MESSAGES.headersTooLarge] }]);
  });
});

describe('rate limits', () => {
  it('counts login and signup apart, and failed logins per account whatever the address', async () => {
    const limited = await instanceWith(server, { API_AUTH_RATE_LIMIT: '20', API_LOGIN_ACCOUNT_RATE_LIMIT: '5' });
    try {
      const [adarsh, meera] = TEST_CREDENTIALS;
      const wrong = (username: string) =>
        fetch(`${limited.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username, password: 'wrong-password1' }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await wrong(adarsh!.username)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const locked = await fetch(`${limited.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(adarsh),
      });
      expect([locked.status, await locked.json()]).toEqual([429, { errors: [HTTP_MESSAGES.accountRateLimit] }]);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another account is not locked; its logins go on counting per address.
      for (let i = 0; i < 12; i += 1) await wrong(meera!.username.replace('meera', `meera${i}`));
      const perAddress = await wrong(meera!.username);
      expect([perAddress.status, await perAddress.json()]).toEqual([429, { errors: [RATE_LIMIT_MESSAGE] }]);
      // 20 logins used up the login counter, not signup's.
      const signup = await fetch(`${limited.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(signupBody('fresh@socialmfe.dev')),
      });
      expect(signup.status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('limits changes per member and reads per address', async () => {
    const limited = await instanceWith(server, { API_WRITE_RATE_LIMIT: '3', API_READ_RATE_LIMIT: '4' });
    try {
      const post = (token: string) =>
        fetch(`${limited.url}/api/users/bookmark/p01-sunrise`, { method: 'POST', headers: { authorization: token } }).then((r) => r.status);
      const adarsh = await limited.loginAs(1);
      const meera = await limited.loginAs(2);
      // The first three are answered (200, or 400 once bookmarked), the fourth is over the limit.
      const statuses = [await post(adarsh), await post(adarsh), await post(adarsh), await post(adarsh)];
      expect(statuses.map((s) => (s === 429 ? 'limited' : 'answered'))).toEqual(['answered', 'answered', 'answered', 'limited']);
      expect(await post(meera)).not.toBe(429);
      const reads: number[] = [];
      for (let i = 0; i < 5; i += 1) reads.push((await fetch(`${limited.url}/api/posts/p01-sunrise`)).status);
      expect(reads).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('pictures', () => {
  it('stops serving a deleted post picture, and keeps one another post still shows', async () => {
    const { api, foundUser } = await login(server, 2);
    const { posts } = await api.posts.create({ content: 'Picture to delete 🗑️', pic: PNG, userId: foundUser._id });
    const mine = posts.find((p) => p.content === 'Picture to delete 🗑️')!;
    expect((await fetch(mine.pic)).status).toBe(200);
    const twin = (await api.posts.create({ content: 'Same picture', pic: PNG, userId: foundUser._id })).posts.find(
      (p) => p.content === 'Same picture',
    )!;
    await api.posts.remove(mine._id);
    expect((await fetch(twin.pic)).status).toBe(200);
    await api.posts.remove(twin._id);
    const gone = await fetch(twin.pic);
    expect(gone.status).toBe(404);
  });

  it('answers 304 to If-None-Match with the picture ETag', async () => {
    const users = (await call('/api/users')).json as { users: { pic: string }[] };
    const first = await fetch(users.users[0]!.pic);
    const etag = first.headers.get('etag')!;
    const again = await fetch(users.users[0]!.pic, { headers: { 'If-None-Match': etag } });
    expect([again.status, again.headers.get('etag'), (await again.arrayBuffer()).byteLength]).toEqual([304, etag, 0]);
    expect((await fetch(users.users[0]!.pic, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('makes a repeated post creation answer like the first, with one post', async () => {
    const { encodedToken: token } = await login(server, 3);
    const headers = { 'Idempotency-Key': 'retry-1' };
    const body = { postData: { content: 'Sent twice 🔁' } };
    const first = await call('/api/posts', { body, token, headers });
    const second = await call('/api/posts', { body, token, headers });
    expect([first.status, second.status, second.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    const all = (await call('/api/posts')).json as { posts: { content: string }[] };
    expect(all.posts.filter((p) => p.content === 'Sent twice 🔁')).toHaveLength(1);
    // The same key with another request is refused; a new key makes a new post.
    expect(await call('/api/posts', { body: { postData: { content: 'Something else' } }, token, headers })).toMatchObject({
      status: 422,
      json: { errors: [HTTP_MESSAGES.idempotencyKeyReused] },
    });
    await call('/api/posts', { body, token, headers: { 'Idempotency-Key': 'retry-2' } });
    const after = (await call('/api/posts')).json as { posts: { content: string }[] };
    expect(after.posts.filter((p) => p.content === 'Sent twice 🔁')).toHaveLength(2);
  });

  it('replays a signup with the same member and a working token, and a comment once', async () => {
    const headers = { 'Idempotency-Key': 'signup-once' };
    const first = await call('/api/auth/signup', { body: signupBody('once@socialmfe.dev'), headers });
    const second = await call('/api/auth/signup', { body: signupBody('once@socialmfe.dev'), headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json).toEqual(first.json);
    const { encodedToken } = second.json as { encodedToken: string };
    const comment = { commentData: { content: 'Only once 💬' } };
    await call('/api/comments/add/p01-sunrise', { body: comment, token: encodedToken, headers: { 'Idempotency-Key': 'c-1' } });
    await call('/api/comments/add/p01-sunrise', { body: comment, token: encodedToken, headers: { 'Idempotency-Key': 'c-1' } });
    const comments = (await call('/api/comments/p01-sunrise')).json as { comments: { content: string }[] };
    expect(comments.comments.filter((c) => c.content === 'Only once 💬')).toHaveLength(1);
    expect(
      (await call('/api/posts', { body: { postData: { content: 'x' } }, token: encodedToken, headers: { 'Idempotency-Key': 'bad key' } }))
        .status,
    ).toBe(400);
  });

  it(`is kept ${KEY_TTL_HOURS} hours: then a retry makes a new post, and expired keys are removed`, async () => {
    const { encodedToken: token } = await login(server, 3);
    const body = { postData: { content: 'Sent a day apart 📅' } };
    const send = (key: string, content = body) => call('/api/posts', { body: content, token, headers: { 'Idempotency-Key': key } });
    const sent = async () =>
      ((await call('/api/posts')).json as { posts: { content: string }[] }).posts.filter((p) => p.content === 'Sent a day apart 📅');
    // The server's clock is this process's Date.now (src/kit.ts): moved, not waited for.
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now');
    const at = (hours: number, minutes: number) => clock.mockReturnValue(start + hours * 3_600_000 + minutes * 60_000);
    try {
      at(0, 0);
      const first = await send('day-1');
      expect((await send('day-other', { postData: { content: 'Another key' } })).status).toBe(201);
      at(KEY_TTL_HOURS - 1, 59);
      const sameDay = await send('day-1');
      expect([first.status, sameDay.status, sameDay.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
      expect(await sent()).toHaveLength(1);
      at(KEY_TTL_HOURS, 1);
      const nextDay = await send('day-1');
      expect([nextDay.status, nextDay.headers.get('idempotent-replayed')]).toEqual([201, null]);
      expect(await sent()).toHaveLength(2);
      // The claim removed every expired key on its way: the other one is gone, day-1 is kept anew.
      const kept = await sql<{ key: string; created_at: Date }>`select key, created_at from idempotency_keys`.execute(server.database.db);
      expect(kept.rows.map((row) => [row.key, row.created_at.getTime()])).toEqual([['day-1', start + KEY_TTL_HOURS * 3_600_000 + 60_000]]);
      // And it replays again from its new start.
      expect((await send('day-1')).headers.get('idempotent-replayed')).toBe('true');
    } finally {
      clock.mockRestore();
    }
  });

  it("is allowed by CORS, so a browser on the apps' origins may send it", async () => {
    const preflight = await fetch(`${server.url}/api/posts`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('is sent by the typed client on creating calls', async () => {
    const seen: (string | null)[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      seen.push(new Headers(init?.headers).get('idempotency-key'));
      return original(input, init);
    };
    try {
      const { api, foundUser } = await login(server, 4);
      await api.posts.create({ content: 'With a key', pic: '', userId: foundUser._id });
      await api.posts.like('p01-sunrise');
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual([null, expect.stringMatching(/^[0-9a-f-]{32,36}$/), null]);
  });
});

describe('running it for real', () => {
  it('answers /healthz, /readyz and /metrics', async () => {
    expect(await call('/healthz')).toMatchObject({ status: 200, json: { status: 'ok' } });
    expect(await call('/readyz')).toMatchObject({ status: 200, json: { status: 'ready' } });
    await call('/api/posts');
    const metrics = await fetch(`${server.url}/metrics`);
    const text = await metrics.text();
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/posts",status="200"\} \d+/);
    expect(text).toContain('http_request_duration_seconds_bucket');
  });

  it('compresses JSON answers and sends nosniff and HSTS', async () => {
    const response = await fetch(`${server.url}/api/posts`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(((await response.json()) as { posts: unknown[] }).posts.length).toBeGreaterThan(0);
  });

  it('answers the tester fixtures except in production, where a setting turns them on', async () => {
    expect((await call('/api/test-todos')).status).toBe(200);
    // Production refuses the development secret: a secret of their own.
    const secret = { API_TOKEN_SECRET: randomBytes(32).toString('hex') };
    const production = await instanceWith(server, { NODE_ENV: 'production', ...secret });
    const enabled = await instanceWith(server, { NODE_ENV: 'production', API_TEST_TODOS: '1', ...secret });
    try {
      const off = await fetch(`${production.url}/api/test-todos`);
      expect([off.status, await off.json()]).toEqual([404, { errors: ['No API endpoint matches GET /api/test-todos.'] }]);
      expect((await fetch(`${enabled.url}/api/test-todos`)).status).toBe(200);
    } finally {
      await production.close();
      await enabled.close();
      // Each instance set this process's signing secret (src/tokens.ts): back to the file's server's.
      setTokenSecret(DEV_TOKEN_SECRET);
    }
  });

  it('answers /readyz 503 while a migration is pending, and 200 once it is applied', async () => {
    const db = server.database.db;
    // The newest migration marked not applied, as on a database a deployment has not migrated yet.
    const last = (
      await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db)
    ).rows[0]!;
    await sql`delete from kysely_migration where name = ${last.name}`.execute(db);
    const fresh = await instanceWith(server, { API_MIGRATE_ON_START: '0' });
    try {
      const pending = await fetch(`${fresh.url}/readyz`);
      expect([pending.status, pending.headers.get('retry-after'), await pending.json()]).toEqual([
        503,
        '2',
        { errors: ['Not ready: 1 database migration(s) not applied.'] },
      ]);
      // Liveness does not depend on it.
      expect((await fetch(`${fresh.url}/healthz`)).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(db);
    }
    try {
      const ready = await fetch(`${fresh.url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    } finally {
      await fresh.close();
    }
  });

  it('ends a shutdown at its time limit while a request hangs on a frozen database', async () => {
    const { encodedToken } = await login(server, 1);
    // Requests would wait a minute: the shutdown limit (300 ms) must be what ends it.
    const app = await buildApp(
      server.database.db,
      loadConfig({ NODE_ENV: 'test', API_LOG_LEVEL: 'silent', API_REQUEST_TIMEOUT_MS: '60000' }),
    );
    let arrived = () => {};
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    app.addHook('onRequest', (_request, _reply, done) => {
      arrived();
      done();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // A transaction held open takes the embedded database's one connection: it is frozen for every call.
    let thaw = () => {};
    const frozen = new Promise<void>((resolve) => (thaw = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const transaction = server.database.db.transaction().execute(async () => {
      holding();
      await frozen;
    });
    const exits: { code: number; afterMs: number }[] = [];
    let closed: Promise<void> | undefined;
    const closable = { close: () => (closed = app.close()) };
    const lines: string[] = [];
    try {
      await held;
      const hanging = fetch(`${url}/api/v2/posts/p01-sunrise`, { headers: { authorization: encodedToken } }).then(
        (r) => r.status,
        () => 'dropped',
      );
      // The request is in the server (waiting for the database) before the signal.
      await inFlight;
      const started = Date.now();
      let exited = () => {};
      const exit = new Promise<void>((resolve) => (exited = resolve));
      const stop = gracefulStop(closable, {
        timeoutMs: 300,
        exit: (code) => {
          exits.push({ code, afterMs: Date.now() - started });
          exited();
        },
        log: (line) => lines.push(line),
      });
      stop();
      stop();
      await exit;
      // Far below the minute the request would have waited; the margin is for a loaded machine.
      expect(exits).toEqual([{ code: 1, afterMs: expect.any(Number) }]);
      expect(exits[0]!.afterMs).toBeGreaterThanOrEqual(250);
      expect(exits[0]!.afterMs).toBeLessThan(10_000);
      expect(lines).toEqual(['api-server: shutdown took over 300 ms; exiting.']);
      // Thawed, the request ends and the close started by the shutdown finishes.
      thaw();
      await hanging;
    } finally {
      thaw();
      await transaction;
      // The client's keep-alive connection would hold the close for Node's keep-alive time.
      app.server.closeAllConnections();
      await (closed ?? app.close());
    }
    // Once closed, no second exit.
    expect(exits).toHaveLength(1);
  });

  it('still answers the catalogue message for an unknown member', async () => {
    const answer = await call('/api/posts', { body: { postData: { content: 'x' } } });
    expect(answer).toMatchObject({ status: 404, json: { errors: [SERVER_ERRORS.userNotFound] } });
  });
});
