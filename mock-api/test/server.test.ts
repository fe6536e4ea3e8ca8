import http from 'http';
import type { AddressInfo } from 'net';
import { LIMITS, STORAGE_KEYS, TEST_CREDENTIALS } from '../src/contract';
import { isApiRequestUrl, makeServer, resetDatabase, SEED_POST_IDS, startServer, TEST_TODOS, type Server } from '../src/server';
import { anonymous, raw } from './helpers';
import './support/fake-indexeddb';

afterEach(async () => {
  window.history.replaceState(null, '', '/');
  // Stored data of one test must not reach the next.
  await resetDatabase();
});

describe('configuration', () => {
  it('delays 400 ms in development, 0 in test, or what is asked', () => {
    for (const [options, timing] of [
      [{ environment: 'development', persist: false }, LIMITS.defaultDelayMs],
      [{ environment: 'test' }, 0],
      [{ environment: 'test', timing: 25 }, 25],
    ] as const) {
      const server = makeServer(options);
      expect(server.timing).toBe(timing);
      server.shutdown();
    }
  });

  it('answers GET /api/test-todos', async () => {
    const server = makeServer({ environment: 'test' });
    const res = await raw('GET', '/test-todos');
    expect(res).toMatchObject({ status: 200, json: TEST_TODOS });
    expect(TEST_TODOS.todos.length).toBeGreaterThan(0);
    server.shutdown();
  });

  it('answers unknown /api paths with 404 and an errors list', async () => {
    const server = makeServer({ environment: 'test' });
    const res = await raw('GET', '/nothing/here');
    expect(res).toEqual({ status: 404, json: { errors: ['No API endpoint matches GET /api/nothing/here.'] }, text: expect.any(String) });
    // `/posts/like` is a path GET and DELETE take (`/posts/:postId`): POST there is 405, not 404.
    expect((await raw('POST', '/posts/like')).status).toBe(405);
    expect((await raw('POST', '/nothing/here')).status).toBe(404);
    server.shutdown();
  });
});

describe('startServer', () => {
  it('starts once per page: a second call returns the first server', () => {
    const first = startServer({ environment: 'test' });
    expect(startServer({ environment: 'test' })).toBe(first);
    first.shutdown();
    const next = startServer({ environment: 'test' });
    expect(next).not.toBe(first);
    next.shutdown();
  });

  it('?reset-data reseeds and is removed from the address bar', async () => {
    window.localStorage.setItem(STORAGE_KEYS.database, JSON.stringify({ version: 1, nextId: 1, users: [], posts: [] }));
    window.history.replaceState(null, '', '/explore?reset-data&tab=1#top');
    const server = startServer({ environment: 'test', persist: true });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/explore?tab=1#top');
    expect((await anonymous().posts.all()).posts).toHaveLength(SEED_POST_IDS.length);
    await anonymous().auth.login(TEST_CREDENTIALS[0]!);
    server.shutdown();
  });

  it('uses stored data when there is no switch', async () => {
    window.localStorage.setItem(STORAGE_KEYS.database, JSON.stringify({ version: 1, nextId: 1, users: [], posts: [] }));
    const server = startServer({ environment: 'test', persist: true });
    expect((await anonymous().posts.all()).posts).toHaveLength(0);
    server.shutdown();
  });

  it('?seed-posts=N seeds N extra posts spread over authors, some liked and commented', async () => {
    window.history.replaceState(null, '', '/?seed-posts=1000');
    const server = startServer({ environment: 'test' });
    expect(window.location.search).toBe('');
    const { posts } = await anonymous().posts.all();
    expect(posts).toHaveLength(SEED_POST_IDS.length + 1000);
    expect(new Set(posts.map((p) => p.userId)).size).toBe(8);
    expect(posts.filter((p) => p.likes.likeCount > 0).length).toBeGreaterThan(100);
    expect(posts.filter((p) => p.comments.length > 0).length).toBeGreaterThan(100);
    expect(posts.every((p) => p.likes.likeCount === p.likes.likedBy.length)).toBe(true);
    expect(new Set(posts.map((p) => p.createdAt.slice(0, 7))).size).toBeGreaterThan(4);
    expect((await anonymous().posts.page(2, 0)).posts).toHaveLength(2);
    server.shutdown();
  });

  it('?api-delay=N sets the answer delay, and the switches of the address passed as `url` apply', async () => {
    // The shell passes the address the page was opened with: a guard may have redirected since.
    window.history.replaceState(null, '', '/login');
    const server = startServer({ environment: 'test', url: 'http://localhost/?api-delay=7&seed-posts=3' });
    expect(server.timing).toBe(7);
    expect((await anonymous().posts.all()).posts).toHaveLength(SEED_POST_IDS.length + 3);
    server.shutdown();
    const plain = startServer({ environment: 'development', persist: false });
    expect(plain.timing).toBe(LIMITS.defaultDelayMs);
    plain.shutdown();
  });

  it('the extraPosts option does the same in code', async () => {
    const server = makeServer({ environment: 'test', extraPosts: 50 });
    expect((await anonymous().posts.all()).posts).toHaveLength(SEED_POST_IDS.length + 50);
    server.shutdown();
  });
});

describe('passthrough', () => {
  let server: Server;
  let remote: http.Server;
  let port = 0;

  beforeAll(async () => {
    // Stands in for a Module Federation remote on another origin (http://localhost:3002 in the product).
    remote = http.createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify({ servedBy: 'remote', path: request.url }));
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    port = (remote.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => remote.close(() => resolve())));
  beforeEach(() => {
    server = makeServer({ environment: 'test' });
  });
  afterEach(() => server.shutdown());

  it('only /api paths are the fake backend', () => {
    expect(isApiRequestUrl('/api/posts')).toBe(true);
    expect(isApiRequestUrl('http://localhost/api/users/id/1')).toBe(true);
    expect(isApiRequestUrl('http://localhost:3002/mf-manifest.json')).toBe(false);
    expect(isApiRequestUrl('http://localhost:3003/static/js/remote.js')).toBe(false);
    expect(isApiRequestUrl('/apiary')).toBe(false);
    expect(isApiRequestUrl('/')).toBe(false);
  });

  it('cross-origin requests for any path reach the network, not mirage', async () => {
    for (const path of ['/mf-manifest.json', '/static/js/chunk.123.js', '/remoteEntry.js?v=1']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ servedBy: 'remote', path });
    }
  });

  it('while /api calls are still answered by mirage', async () => {
    expect((await anonymous().users.all()).users).toHaveLength(8);
  });
});
