/**
 * @jest-environment node
 *
 * The fake backend as the service worker runs it (src/worker): MirageJS's routes answer fetch
 * Requests through WorkerInterceptor, with no pretender and nothing patched. Node's fetch
 * Request/Response stand in for the worker's; fake-indexeddb for its storage.
 */
import './support/fake-indexeddb';
import { deleteStoredDatabase } from '../src/server/idb';
import { SERVER_ERRORS, TEST_CREDENTIALS, type Post, type User } from '../src/contract';
import { WorkerBackend, type Committed } from '../src/worker';
import type { MeAnswerV2, PostAnswerV2, SessionAnswerV2 } from '../src/contract-v2';
import { listenOnLiveChannel } from './support/live-listener';
import { MAX_EVENTS_PER_WRITE } from '../src/server/live';

const ORIGIN = 'http://localhost:3000';
const NAME = 'worker-test';
const started: WorkerBackend[] = [];

function startWorker(
  onChange: (clientId: string | undefined, committed: Committed) => void = () => undefined,
  persist = true,
): WorkerBackend {
  const backend = new WorkerBackend({ onChange, storageName: NAME, persist });
  started.push(backend);
  return backend;
}

afterEach(async () => {
  for (const backend of started.splice(0)) backend.shutdown();
  await deleteStoredDatabase(NAME);
});

function call(backend: WorkerBackend, method: string, path: string, body?: unknown, token?: string, clientId?: string): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.authorization = token;
  return backend.handle(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    clientId,
  );
}

async function login(backend: WorkerBackend, n: number): Promise<{ token: string; user: User }> {
  const answer = await call(backend, 'POST', '/api/auth/login', TEST_CREDENTIALS[n - 1]);
  expect(answer.status).toBe(200);
  const { encodedToken, foundUser } = (await answer.json()) as { encodedToken: string; foundUser: User };
  return { token: encodedToken, user: foundUser };
}

test('answers the API from MirageJS routes, with no delay once a page asked for none', async () => {
  const backend = startWorker();
  await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  const answer = await call(backend, 'GET', '/api/posts/p01-sunrise');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/json');
  const { post } = (await answer.json()) as { post: Post };
  expect(post._id).toBe('p01-sunrise');
  // Query parameters reach the handlers as they did through pretender.
  const page = await call(backend, 'GET', '/api/posts/2/0?sort=latest');
  expect(((await page.json()) as { posts: Post[] }).posts).toHaveLength(2);
});

test('a stored write tells the worker which tab made it, so the other tabs can be told', async () => {
  const changes: (string | undefined)[] = [];
  const backend = startWorker((clientId) => changes.push(clientId));
  await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  const { token } = await login(backend, 1);
  changes.length = 0;
  const like = await call(backend, 'POST', '/api/posts/like/p11-chess', {}, token, 'tab-a');
  expect(like.status).toBe(201);
  expect(changes).toEqual(['tab-a']);
  // A refused write stores nothing and tells no one.
  const refused = await call(backend, 'POST', '/api/posts/edit/p11-chess', { postData: { content: 'not mine' } }, token, 'tab-a');
  expect(refused.status).toBe(403);
  expect(changes).toEqual(['tab-a']);
});

test("a write stores and names exactly the records its operation changed: a like, the liked post and its author's notifications", async () => {
  const committed: Committed[] = [];
  const backend = startWorker((_clientId, change) => committed.push(change));
  await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  const { token } = await login(backend, 1);
  committed.length = 0;
  expect((await call(backend, 'POST', '/api/v2/posts/like/p11-chess', {}, token)).status).toBe(201);
  // Not the liker (the request only read them to know who liked), but the author: the like notified them.
  expect(committed).toEqual([{ revision: expect.any(Number), full: false, users: ['u3-kabir'], posts: ['p11-chess'] }]);
});

test('the v2 API answers through the worker: the session, /me, a post made with an Idempotency-Key', async () => {
  const committed: Committed[] = [];
  const backend = startWorker((_clientId, change) => committed.push(change));
  await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  const session = await call(backend, 'POST', '/api/v2/auth/login', TEST_CREDENTIALS[0]);
  expect(session.status).toBe(200);
  const { encodedToken, me } = (await session.json()) as SessionAnswerV2;
  const answer = await call(backend, 'GET', '/api/v2/me', undefined, encodedToken);
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as MeAnswerV2).me._id).toBe(me._id);
  committed.length = 0;
  const made = await backend.handle(
    new Request(`${ORIGIN}/api/v2/posts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', authorization: encodedToken, 'Idempotency-Key': 'key-1' },
      body: JSON.stringify({ postData: { content: 'From the worker' } }),
    }),
    'tab-a',
  );
  expect(made.status).toBe(201);
  const { post } = (await made.json()) as PostAnswerV2;
  // The one committed change names what it touched: the new post (and its author's record, if changed).
  expect(committed).toHaveLength(1);
  expect(committed[0]).toMatchObject({ full: false });
  expect(committed[0]!.posts).toContain(post._id);
  expect(committed[0]!.revision).toBeGreaterThan(0);
});

test('pictures are named /api/images/<id> in answers and answered with their bytes and type', async () => {
  const backend = startWorker();
  await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  const users = ((await (await call(backend, 'GET', '/api/users')).json()) as { users: User[] }).users;
  const pic = users[0]!.pic;
  expect(pic).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
  const image = await call(backend, 'GET', pic);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\//);
  const bytes = new Uint8Array(await image.arrayBuffer());
  expect(bytes.length).toBeGreaterThan(0);
  expect(Number(image.headers.get('content-length'))).toBe(bytes.length);
  const missing = await call(backend, 'GET', `/api/images/${'0'.repeat(64)}`);
  expect(missing.status).toBe(404);
});

test('a picture is answered at once; an API call waits the response delay', async () => {
  const backend = startWorker();
  await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  const pic = ((await (await call(backend, 'GET', '/api/users')).json()) as { users: User[] }).users[0]!.pic;
  await backend.start({ type: 'orbit-backend:start', reset: false, timing: 400 });
  // Only setTimeout is faked: the delay then passes only when the test says so.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'Date', 'performance'] });
  try {
    let apiAnswered = false;
    const api = call(backend, 'GET', '/api/users').then((answer) => {
      apiAnswered = true;
      return answer;
    });
    // Asked after the API call, answered before it: no delay of its own.
    const image = await call(backend, 'GET', pic);
    expect(image.status).toBe(200);
    expect(apiAnswered).toBe(false);
    await jest.advanceTimersByTimeAsync(400);
    expect((await api).status).toBe(200);
  } finally {
    jest.useRealTimers();
  }
});

test('every request gets an answer: HEAD, a broken escape, an unknown path, a wrong method', async () => {
  const backend = startWorker();
  await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  const head = await call(backend, 'HEAD', '/api/posts');
  expect(head.status).toBe(200);
  expect(await head.text()).toBe('');
  const broken = await call(backend, 'GET', '/api/users/%E0%A4%A');
  expect(broken.status).toBe(400);
  expect(await broken.json()).toEqual({ errors: [SERVER_ERRORS.malformedPath] });
  expect((await call(backend, 'GET', '/api/nothing-here')).status).toBe(404);
  const wrong = await call(backend, 'DELETE', '/api/posts');
  expect(wrong.status).toBe(405);
  expect(wrong.headers.get('allow')).toContain('GET');
});

test('a worker started again (stopped when idle, or updated) has every write, and writes from both are kept', async () => {
  const first = startWorker();
  await first.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  const { token } = await login(first, 2);
  expect((await call(first, 'POST', '/api/comments/add/p04-hike', { commentData: { content: 'Before the restart' } }, token)).status).toBe(
    201,
  );
  const second = startWorker();
  await second.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  // The old worker still answers a late request while the new one takes over: both writes are kept.
  await Promise.all([
    call(first, 'POST', '/api/comments/add/p04-hike', { commentData: { content: 'Old worker' } }, token),
    call(second, 'POST', '/api/comments/add/p04-hike', { commentData: { content: 'New worker' } }, token),
  ]);
  const third = startWorker();
  const { post } = (await (await call(third, 'GET', '/api/posts/p04-hike')).json()) as { post: Post };
  expect(post.comments.map((c) => c.content)).toEqual(expect.arrayContaining(['Before the restart', 'Old worker', 'New worker']));
});

test('?reset-data from a page puts the data back to the seed, with ?seed-posts generated posts', async () => {
  const changes: (string | undefined)[] = [];
  const backend = startWorker((clientId) => changes.push(clientId));
  await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
  const before = ((await (await call(backend, 'GET', '/api/posts')).json()) as { posts: Post[] }).posts.length;
  await backend.start({ type: 'orbit-backend:start', reset: true, seedPosts: 5, timing: 0 });
  const after = ((await (await call(backend, 'GET', '/api/posts')).json()) as { posts: Post[] }).posts.length;
  expect(after).toBe(before + 5);
  expect(changes).toContain(undefined);
});

describe('live events from the worker (docs/live.md)', () => {
  const live = listenOnLiveChannel();

  test('a stored write publishes its events, numbered from the revision it committed', async () => {
    const committed: Committed[] = [];
    const backend = startWorker((_clientId, change) => committed.push(change));
    await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
    const { token } = await login(backend, 1);
    const like = await call(backend, 'POST', '/api/posts/like/p11-chess', {}, token, 'tab-a');
    expect(like.status).toBe(201);
    const { post } = (await (await call(backend, 'GET', '/api/posts/p11-chess')).json()) as { post: Post };
    const counts = await live.waitFor((e) => e.kind === 'post.counts' && e.data.postId === 'p11-chess');
    expect(counts.data).toMatchObject({ likeCount: post.likes.likeCount });
    const revision = committed.at(-1)!.revision;
    expect(Number(counts.id)).toBeGreaterThanOrEqual(revision * MAX_EVENTS_PER_WRITE);
    expect(Number(counts.id)).toBeLessThan((revision + 1) * MAX_EVENTS_PER_WRITE);

    // A comment through v2 arrives as comment.added.
    const comment = await call(
      backend,
      'POST',
      '/api/comments/add/p11-chess',
      { commentData: { content: 'From the worker, live' } },
      token,
      'tab-a',
    );
    expect(comment.status).toBe(201);
    await live.waitFor((e) => e.kind === 'comment.added' && e.data.comment.content === 'From the worker, live');
  });

  test('a reset from a page publishes reset', async () => {
    const backend = startWorker();
    await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
    await backend.start({ type: 'orbit-backend:start', reset: true, timing: 0 });
    await live.waitFor((e) => e.kind === 'reset');
  });

  test('without IndexedDB, a write kept in memory still publishes its events and tells the other tabs', async () => {
    const changes: (string | undefined)[] = [];
    const backend = startWorker((clientId) => changes.push(clientId), false);
    await backend.start({ type: 'orbit-backend:start', reset: false, timing: 0 });
    const { token } = await login(backend, 2);
    changes.length = 0;
    const made = await call(backend, 'POST', '/api/posts', { postData: { content: 'Kept in memory, sent live' } }, token, 'tab-b');
    expect(made.status).toBe(201);
    await live.waitFor((e) => e.kind === 'post.created' && e.data.post.content === 'Kept in memory, sent live');
    expect(changes).toEqual(['tab-b']);
  });
});
