/** Images, the contract decisions every backend matches (405, 400, sort, "edited"), and 500 answers. */
import { LIMITS, SERVER_ERRORS } from '@social/mock-api/contract';
import { INPUT_MESSAGES } from '@social/mock-api/rules';
import { one, sql } from '../src/db';
import { SORT_MESSAGES } from '@social/mock-api/core';
import type { RunningServer } from '../src/server';
import { clientFor, failure, login, serverForFile } from './kit';

let server: RunningServer;
serverForFile((started) => (server = started));

// 1×1 transparent PNG.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('images', () => {
  it('keeps an uploaded picture as bytes and answers it as a URL, served with its type and a year of caching', async () => {
    const { api, foundUser } = await login(server, 2);
    const { posts } = await api.posts.create({ content: 'With a picture 🖼️', pic: PNG, userId: foundUser._id });
    const post = posts.find((p) => p.content === 'With a picture 🖼️')!;
    expect(post.pic).toMatch(new RegExp(`^${server.url}/api/images/[0-9a-f]{64}$`));
    const image = await fetch(post.pic);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(PNG.split(',')[1]!, 'base64'));
    // The same picture is stored once.
    await api.users.edit({ pic: PNG });
    const row = await one(server.database.db, sql<{ n: number }>`select count(*)::int as n from images where content_type = 'image/png'`);
    expect(row?.n).toBe(1);
  });

  it('never inlines pictures in feed answers: seed avatars and post images are URLs too', async () => {
    const text = await (await fetch(`${server.url}/api/posts`)).text();
    expect(text).not.toContain('data:image');
    const users = await (await fetch(`${server.url}/api/users`)).text();
    expect(users).not.toContain('data:image');
    const svg = await fetch(JSON.parse(users).users[0].pic);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('refuses bytes that are not the type they claim, oversized pictures and unknown image ids', async () => {
    const { api, foundUser } = await login(server, 1);
    const fake = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
    expect(await failure(api.posts.create({ content: 'x', pic: fake, userId: foundUser._id }))).toEqual({
      status: 400,
      errors: [INPUT_MESSAGES.imageType],
    });
    const big = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(LIMITS.maxImageBytes)]).toString('base64')}`;
    const tooBig = await fetch(`${server.url}/api/users/edit`, {
      method: 'POST',
      headers: { authorization: (await login(server, 1)).encodedToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userData: { pic: big } }),
    });
    expect(tooBig.status).toBe(413);
    expect((await fetch(`${server.url}/api/images/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/images/not-an-id`)).status).toBe(404);
  });

  it('keeps http(s) picture URLs as they are', async () => {
    const { api } = await login(server, 3);
    const { user } = await api.users.edit({ pic: 'https://images.example.com/me.png' });
    expect(user.pic).toBe('https://images.example.com/me.png');
  });
});

describe('contract decisions', () => {
  it('answers 405 with an Allow header for a method a path does not take', async () => {
    const put = await fetch(`${server.url}/api/posts`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(await put.json()).toEqual({ errors: [SERVER_ERRORS.methodNotAllowed] });
    const get = await fetch(`${server.url}/api/auth/login`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const patch = await fetch(`${server.url}/api/posts/p01-sunrise`, { method: 'PATCH' });
    expect(patch.headers.get('allow')).toBe('GET, HEAD, DELETE, OPTIONS');
    // No id: the path is read as /posts/:postId, as the fake backend does.
    const like = await fetch(`${server.url}/api/posts/like`, { method: 'POST' });
    expect([like.status, like.headers.get('allow')]).toEqual([405, 'GET, HEAD, DELETE, OPTIONS']);
    expect(await like.json()).toEqual({ errors: [SERVER_ERRORS.methodNotAllowed] });
  });

  it('answers OPTIONS with 204 and Allow, and still answers CORS preflights', async () => {
    const root = await fetch(`${server.url}/api`, { method: 'OPTIONS' });
    expect([root.status, root.headers.get('allow')]).toEqual([204, 'GET, HEAD, POST, DELETE, OPTIONS']);
    const path = await fetch(`${server.url}/api/auth/login`, { method: 'OPTIONS' });
    expect([path.status, path.headers.get('allow')]).toEqual([204, 'POST, OPTIONS']);
    const unknown = await fetch(`${server.url}/api/nothing/here`, { method: 'OPTIONS' });
    expect(unknown.status).toBe(404);
    const preflight = await fetch(`${server.url}/api/posts/like/p01-sunrise`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('answers HEAD like GET without a body, and 405 where GET is not taken', async () => {
    const get = await fetch(`${server.url}/api/posts/p01-sunrise`);
    const head = await fetch(`${server.url}/api/posts/p01-sunrise`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, get.headers.get('content-type'), '']);
    expect((await fetch(`${server.url}/api/posts/no-such-post`, { method: 'HEAD' })).status).toBe(404);
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'HEAD' });
    expect([login.status, login.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
  });

  it('answers 400 malformedPath for a broken percent-escape and 404 for unknown paths', async () => {
    for (const path of ['/api/posts/%E0%A4%A', '/api/users/id/%zz', '/api/nothing/%']) {
      const response = await fetch(`${server.url}${path}`);
      expect([path, response.status, await response.json()]).toEqual([path, 400, { errors: [SERVER_ERRORS.malformedPath] }]);
    }
    const unknown = await fetch(`${server.url}/api/nothing/here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ errors: ['No API endpoint matches GET /api/nothing/here.'] });
  });

  it('pages explore newest first with ?sort=latest, by trend by default, and refuses other orders', async () => {
    const api = clientFor(server);
    const all = (await api.posts.all()).posts;
    const latest = (await api.posts.page(2, 2, { sort: 'latest' })).posts;
    expect(latest.map((p) => p._id)).toEqual(all.slice(0, 6).map((p) => p._id));
    const trending = (await api.posts.page(2, 2)).posts;
    expect((await api.posts.page(2, 2, { sort: 'trending' })).posts).toEqual(trending);
    const score = (p: (typeof all)[number]) => p.likes.likeCount + p.comments.length;
    expect(trending.map(score)).toEqual([...trending.map(score)].sort((x, y) => y - x));
    const bad = await fetch(`${server.url}/api/posts/2/0?sort=oldest`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: [SORT_MESSAGES.v1] });
  });

  it('a reply does not mark its comment edited; a text change does', async () => {
    const { api } = await login(server, 2);
    const before = (await api.comments.ofPost('p01-sunrise')).comments.find((c) => c._id === 'c01-1')!;
    const { posts } = await api.comments.edit('p01-sunrise', 'c01-1', {
      content: before.content,
      replies: [...before.replies, { _id: 'reply-new', user: before.user, content: 'A reply 💬' }],
    });
    const replied = posts.find((p) => p._id === 'p01-sunrise')!.comments.find((c) => c._id === 'c01-1')!;
    expect(replied.replies.at(-1)?.content).toBe('A reply 💬');
    expect(replied.updatedAt).toBe(before.updatedAt);
    const author = await login(server, 1);
    const edited = (await author.api.comments.edit('p01-sunrise', 'c01-1', { content: 'Changed text' })).posts
      .find((p) => p._id === 'p01-sunrise')!
      .comments.find((c) => c._id === 'c01-1')!;
    expect(edited.updatedAt).not.toBe(before.updatedAt);
  });
});

describe('unexpected failures', () => {
  it('answer 500 with an errors list, and a failed write changes nothing', async () => {
    const { api } = await login(server, 1);
    const before = (await api.comments.ofPost('p01-sunrise')).comments.find((c) => c._id === 'c01-1')!;
    // A database fault midway through a write: the replies are deleted, then inserting fails.
    await sql
      .raw(`create function orbit_fail() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`)
      .execute(server.database.db);
    await sql
      .raw('create trigger orbit_fail before insert on replies for each row execute function orbit_fail()')
      .execute(server.database.db);
    try {
      const response = await fetch(`${server.url}/api/comments/edit/p01-sunrise/c01-1`, {
        method: 'POST',
        headers: { authorization: (await login(server, 1)).encodedToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ commentData: { content: 'New text', replies: before.replies } }),
      });
      expect(response.status).toBe(500);
      const body = (await response.json()) as { errors: string[] };
      expect(body).toEqual({ errors: [expect.stringMatching(/^Unexpected server error/)] });
      expect(JSON.stringify(body)).not.toContain('disk on fire');
    } finally {
      await sql.raw('drop trigger orbit_fail on replies').execute(server.database.db);
      await sql.raw('drop function orbit_fail').execute(server.database.db);
    }
    expect((await api.comments.ofPost('p01-sunrise')).comments.find((c) => c._id === 'c01-1')).toEqual(before);
  });
});
