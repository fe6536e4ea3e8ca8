/**
 * Issue 28 on /api/v2, the API the apps use: pictures nobody shows any more are no longer
 * served, bad query strings and cursors get a clear 400, retried creations replay, and a
 * failed read does not speak of a change (v1's side: robustness.test.ts).
 */
import { PassThrough } from 'node:stream';
import { SERVER_ERRORS } from '@social/mock-api/contract';
import { V2_ERRORS } from '@social/mock-api/contract-v2';
import { sql } from '../src/db';
import { HTTP_MESSAGES } from '../src/http/messages';
import type { RunningServer } from '../src/server';
import { instanceWith, login, metric, serverForFile } from './kit';

jest.setTimeout(60_000);

let server: RunningServer;
/** The server's log lines at warn and above (JSON). */
const logLines: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
serverForFile((started) => (server = started), { env: { API_LOG_LEVEL: 'warn' }, logStream });

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const served = async (url: string) => (await fetch(url)).status;

describe('pictures on /api/v2', () => {
  it('stops serving the picture of a deleted post, and keeps one another post still shows', async () => {
    const { api } = await login(server, 2);
    const { post: first } = await api.v2.posts.create({ content: 'Picture to delete 🗑️', pic: PNG });
    const { post: twin } = await api.v2.posts.create({ content: 'Same picture', pic: PNG });
    expect(first.pic).toMatch(/\/api\/images\/[0-9a-f]{64}$/);
    expect(twin.pic).toBe(first.pic);
    await api.v2.posts.remove(first._id);
    expect(await served(twin.pic)).toBe(200);
    await api.v2.posts.remove(twin._id);
    expect(await served(twin.pic)).toBe(404);
  });

  it("keeps serving a picture an edit replaces while the post's history shows it, and none once the post is deleted", async () => {
    const { api } = await login(server, 2);
    const { post } = await api.v2.posts.create({ content: 'Changing picture', pic: PNG, picAlt: 'A dot' });
    // The editor sends the picture's URL back to keep it: still served, description kept.
    const kept = (await api.v2.posts.edit(post._id, { content: 'Text only changed', pic: post.pic })).post;
    expect([kept.pic, kept.picAlt, await served(post.pic)]).toEqual([post.pic, 'A dot', 200]);
    const replaced = (await api.v2.posts.edit(post._id, { content: 'New picture', pic: GIF })).post;
    expect(replaced.pic).not.toBe(post.pic);
    expect([await served(post.pic), await served(replaced.pic)]).toEqual([200, 200]);
    const removed = (await api.v2.posts.edit(post._id, { content: 'No picture', pic: '' })).post;
    expect([removed.pic, await served(replaced.pic)]).toEqual(['', 200]);
    const { versions } = await api.v2.posts.history(post._id);
    expect(versions.map((v) => v.pictures.map((p) => p.url))).toEqual([[replaced.pic], [post.pic], [post.pic]]);
    await api.v2.posts.remove(post._id);
    expect([await served(post.pic), await served(replaced.pic)]).toEqual([404, 404]);
  });

  it('stops serving the pictures of a deleted post, its own and its earlier versions, unless another post shows one', async () => {
    const { api } = await login(server, 2);
    const picture = (pic: string) => ({ pic, alt: '', width: 1, height: 1 });
    const { post } = await api.v2.posts.create({ content: 'Album', pic: '', pictures: [picture(PNG), picture(GIF)] });
    const [png, gif] = post.pictures.map((p) => p.url);
    const { post: other } = await api.v2.posts.create({ content: 'Shares the GIF', pic: '', pictures: [picture(gif!)] });
    await api.v2.posts.edit(post._id, { content: 'Album', pic: '', pictures: [picture(gif!)] });
    expect([await served(png!), await served(gif!)]).toEqual([200, 200]);
    await api.v2.posts.remove(post._id);
    expect([await served(png!), await served(gif!)]).toEqual([404, 200]);
    await api.v2.posts.remove(other._id);
    expect(await served(gif!)).toBe(404);
  });

  it('stops serving an avatar a profile edit replaces, and keeps the one an edit sends back', async () => {
    const { api } = await login(server, 3);
    const withPic = (await api.v2.me.edit({ pic: PNG })).me;
    // The profile form sends the current picture back with the other fields.
    const kept = (await api.v2.me.edit({ pic: withPic.pic, bio: 'Kept my picture' })).me;
    expect([kept.pic, kept.bio, await served(withPic.pic)]).toEqual([withPic.pic, 'Kept my picture', 200]);
    const replaced = (await api.v2.me.edit({ pic: GIF })).me;
    expect([await served(withPic.pic), await served(replaced.pic)]).toEqual([404, 200]);
  });
});

/** A base64url cursor holding this key (one no list gave). */
/** A cursor as the lists write one: `[list tag, ...key]` (mock-api/src/core/page.ts). */
const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

async function get(path: string, token?: string) {
  const response = await fetch(`${server.url}${path}`, { headers: token ? { authorization: token } : {} });
  return { status: response.status, json: (await response.json()) as unknown };
}

describe('query strings on /api/v2', () => {
  it('answers 400 naming the parameter for a NUL, and logs no error', async () => {
    const { encodedToken } = await login(server, 1);
    const before = logLines.length;
    const cases: [string, unknown][] = [
      ['/api/v2/members/search?q=%00', HTTP_MESSAGES.badCharacter('q')],
      ['/api/v2/members/search?q=@a%00', HTTP_MESSAGES.badCharacter('q')],
      ['/api/v2/members/search?q=ok&q=b%00', HTTP_MESSAGES.badCharacter('q')],
      ['/api/v2/members/search?q=a&x%00=1', HTTP_MESSAGES.badQueryCharacter],
      ['/api/v2/feed/explore?sort=latest%00', HTTP_MESSAGES.badCharacter('sort')],
      ['/api/v2/feed/home?cursor=%00', HTTP_MESSAGES.badCharacter('cursor')],
      ['/api/v2/posts/p01-sunrise/comments?limit=%00', HTTP_MESSAGES.badCharacter('limit')],
      // v1 and the pictures take the same check.
      ['/api/posts/2/0?sort=%00', HTTP_MESSAGES.badCharacter('sort')],
      ['/api/images/abc?v=%00', HTTP_MESSAGES.badCharacter('v')],
    ];
    for (const [path, message] of cases) {
      expect([path, await get(path, encodedToken)]).toEqual([path, { status: 400, json: { errors: [message] } }]);
    }
    expect(logLines.slice(before).filter((line) => /"level":(50|60)|"stack"/.test(line))).toEqual([]);
  });

  it('answers 400 badCursor for a cursor no list gave, whatever it holds, and logs no error', async () => {
    const { encodedToken } = await login(server, 1);
    const before = logLines.length;
    const cursors: [string, unknown][] = [
      ['/api/v2/members/search?q=a', ['S', '\u0000', 'x']],
      ['/api/v2/members/search?q=a', ['S', '\uD800', 'x']],
      ['/api/v2/feed/explore', ['El', '2020-01-01T00:00:00Z', '\u0000']],
      ['/api/v2/feed/explore', ['El', '2020-02-30T00:00:00Z', 'p01-sunrise']],
      ['/api/v2/feed/explore', ['El', '2021-02-29T00:00:00Z', 'p01-sunrise']],
      ['/api/v2/feed/explore', ['El', '0000-01-01T00:00:00Z', 'p01-sunrise']],
      ['/api/v2/feed/explore', ['El', '2020-01-01T24:00:00Z', 'p01-sunrise']],
      ['/api/v2/feed/explore', ['El', '2020-01-01T10:00:60Z', 'p01-sunrise']],
      ['/api/v2/feed/explore', ['El', '2020-01-01T10:00:00+16:00', 'p01-sunrise']],
      ['/api/v2/feed/explore?sort=trending', ['Et', Number.MAX_SAFE_INTEGER + 2, '2020-01-01T00:00:00Z', 'p01-sunrise']],
      ['/api/v2/feed/explore?sort=trending', ['Et', 2 ** 31, '2020-01-01T00:00:00Z', 'p01-sunrise']],
      ['/api/v2/feed/explore?sort=trending', ['Et', -1, '2020-01-01T00:00:00Z', 'p01-sunrise']],
      ['/api/v2/feed/explore?sort=trending', ['Et', '1', '2020-01-01T00:00:00Z', 'p01-sunrise']],
      ['/api/v2/feed/home', { a: 1 }],
      ['/api/v2/me/bookmarks', ['B', 1.5]],
      ['/api/v2/members/suggested', ['G', '2020-01-01T00:00:00Z']],
    ];
    for (const [path, key] of cursors) {
      const url = `${path}${path.includes('?') ? '&' : '?'}cursor=${cursorOf(key)}`;
      expect([url, key, await get(url, encodedToken)]).toEqual([url, key, { status: 400, json: { errors: [V2_ERRORS.badCursor] } }]);
    }
    for (const garbage of ['not base64!', 'x'.repeat(3000), '%FF%FE', '']) {
      const url = `/api/v2/feed/explore?cursor=${encodeURIComponent(garbage)}&cursor=2`;
      expect([url, (await get(url)).json]).toEqual([url, { errors: [V2_ERRORS.badCursor] }]);
    }
    for (const limit of ['0', '51', '-1', '1.5', '1e1', 'abc', '99999999999999999999']) {
      const url = `/api/v2/feed/explore?limit=${limit}`;
      expect([url, await get(url)]).toEqual([url, { status: 400, json: { errors: [V2_ERRORS.badLimit] } }]);
    }
    // A real key still pages: a leap day, an offset, a trending score.
    expect((await get(`/api/v2/feed/explore?cursor=${cursorOf(['El', '2024-02-29T23:59:59.5+05:30', 'zzz'])}`)).status).toBe(200);
    expect(
      (await get(`/api/v2/feed/explore?sort=trending&cursor=${cursorOf(['Et', 3, '2026-11-16T13:15:00+05:30', 'p12-game'])}`)).status,
    ).toBe(200);
    expect(logLines.slice(before).filter((line) => /"level":(50|60)|"stack"/.test(line))).toEqual([]);
  });
});

describe('a failed read says nothing of a change', () => {
  it('answers a read that fails with its own message, and a write with "not saved"', async () => {
    const { encodedToken } = await login(server, 1);
    // A fault no read or write expects: the comments table is not there.
    await sql.raw('alter table comments rename to comments_away').execute(server.database.db);
    try {
      for (const path of ['/api/v2/posts/p01-sunrise/comments', '/api/comments/p01-sunrise']) {
        const answer = await get(path, encodedToken);
        expect([path, answer]).toEqual([path, { status: 500, json: { errors: [SERVER_ERRORS.unexpectedRead] } }]);
        expect(JSON.stringify(answer.json)).not.toMatch(/sav(ed|e)|change/i);
      }
      const write = await fetch(`${server.url}/api/v2/posts/p01-sunrise/comments`, {
        method: 'POST',
        headers: { authorization: encodedToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ commentData: { content: 'Lost?' } }),
      });
      expect([write.status, await write.json()]).toEqual([500, { errors: [SERVER_ERRORS.unexpectedChange] }]);
    } finally {
      await sql.raw('alter table comments_away rename to comments').execute(server.database.db);
    }
  });

  it('answers a read over the time limit without speaking of a change, and counts each on /metrics', async () => {
    const { encodedToken } = await login(server, 1);
    const slow = await instanceWith(server, { API_REQUEST_TIMEOUT_MS: '300' });
    // A transaction held open takes the embedded database's one connection: every call waits.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const transaction = server.database.db.transaction().execute(async () => {
      holding();
      await gate;
    });
    try {
      await held;
      expect(await metric(slow, 'http_request_timeouts_total')).toBe(0);
      const read = await fetch(`${slow.url}/api/v2/posts/p01-sunrise`, { headers: { authorization: encodedToken } });
      expect([read.status, await read.json()]).toEqual([503, { errors: [HTTP_MESSAGES.readTimeout] }]);
      expect(await metric(slow, 'http_request_timeouts_total')).toBe(1);
      const write = await fetch(`${slow.url}/api/v2/posts/bookmark/p02-css`, { method: 'POST', headers: { authorization: encodedToken } });
      expect([write.status, await write.json()]).toEqual([503, { errors: [HTTP_MESSAGES.timeout] }]);
      expect(await metric(slow, 'http_request_timeouts_total')).toBe(2);
      expect(await metric(slow, 'http_requests_total{method="GET",route="/api/v2/posts/:postId",status="503"}')).toBe(1);
    } finally {
      release();
      await transaction;
      await slow.close();
    }
  });
});

describe('Idempotency-Key on /api/v2', () => {
  async function send(path: string, token: string, body: unknown, key: string) {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: token, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    return { status: response.status, replayed: response.headers.get('idempotent-replayed'), json: (await response.json()) as unknown };
  }

  it('replays a retried post creation with its first answer and makes one post', async () => {
    const { encodedToken: token, foundUser } = await login(server, 3);
    const body = { postData: { content: 'Sent twice over v2 🔁', pic: PNG, picAlt: 'A dot' } };
    const first = await send('/api/v2/posts', token, body, 'v2-post-1');
    const second = await send('/api/v2/posts', token, body, 'v2-post-1');
    expect([first.status, first.replayed, second.status, second.replayed]).toEqual([201, null, 201, 'true']);
    expect(second.json).toEqual(first.json);
    const mine = async () =>
      ((await get(`/api/v2/members/${foundUser._id}/posts?limit=50`)).json as { posts: { content: string }[] }).posts.filter(
        (p) => p.content === 'Sent twice over v2 🔁',
      );
    expect(await mine()).toHaveLength(1);
    // The same key with another request is refused and makes nothing; a new key makes a new post.
    expect(await send('/api/v2/posts', token, { postData: { content: 'Something else' } }, 'v2-post-1')).toMatchObject({
      status: 422,
      json: { errors: [HTTP_MESSAGES.idempotencyKeyReused] },
    });
    expect(await send('/api/v2/posts', token, body, 'bad key')).toMatchObject({
      status: 400,
      json: { errors: [HTTP_MESSAGES.badIdempotencyKey] },
    });
    expect(await mine()).toHaveLength(1);
    expect((await send('/api/v2/posts', token, body, 'v2-post-2')).replayed).toBeNull();
    expect(await mine()).toHaveLength(2);
  });

  it('replays a retried comment with its first answer and makes one comment', async () => {
    const { encodedToken: token } = await login(server, 4);
    const body = { commentData: { content: 'Only once over v2 💬' } };
    const path = '/api/v2/posts/p01-sunrise/comments';
    const first = await send(path, token, body, 'v2-comment-1');
    const second = await send(path, token, body, 'v2-comment-1');
    expect([first.status, second.status, second.replayed]).toEqual([201, 201, 'true']);
    expect(second.json).toEqual(first.json);
    const comments = async () =>
      ((await get(`${path}?limit=50`)).json as { comments: { content: string }[] }).comments.filter(
        (c) => c.content === 'Only once over v2 💬',
      );
    expect(await comments()).toHaveLength(1);
    // Another body, or the same body on another post, with the key is refused.
    expect(await send(path, token, { commentData: { content: 'Another text' } }, 'v2-comment-1')).toMatchObject({
      status: 422,
      json: { errors: [HTTP_MESSAGES.idempotencyKeyReused] },
    });
    expect(await send('/api/v2/posts/p02-css/comments', token, body, 'v2-comment-1')).toMatchObject({
      status: 422,
      json: { errors: [HTTP_MESSAGES.idempotencyKeyReused] },
    });
    expect(await comments()).toHaveLength(1);
  });

  it('replays a retried signup with the same member and a working token', async () => {
    const body = { username: 'twice-v2@socialmfe.dev', password: 'secret123', firstName: 'Nia', lastName: 'Rao' };
    const post = (key: string) =>
      fetch(`${server.url}/api/v2/auth/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
      });
    const first = await post('v2-signup-1');
    const second = await post('v2-signup-1');
    const [a, b] = [(await first.json()) as { me: { _id: string }; encodedToken: string }, (await second.json()) as unknown];
    expect([first.status, second.status, second.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(b).toEqual(a);
    expect((await get('/api/v2/me', a.encodedToken)).json).toMatchObject({ me: { _id: a.me._id } });
  });
});
