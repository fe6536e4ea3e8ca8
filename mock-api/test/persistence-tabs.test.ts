/**
 * IndexedDB specific: several backend instances over one stored database. In the product one
 * instance (in the service worker) serves every tab; more than one exists when the worker is
 * stopped and started again, or while an updated worker takes over from the old one (and on a
 * remote's dev page opened in two tabs). A write then re-reads, in its own transaction, what
 * another instance stored: no write is lost, and an instance started later has them all.
 * ("tab" below: one instance.)
 */
import './support/fake-indexeddb';
import { tabsOn } from './support/tabs';

const NAME = 'tabs-test';

const openTab = tabsOn(NAME);

test('a like in one instance and a comment in another both survive, and an instance started later has both', async () => {
  const a = await openTab();
  const b = await openTab();
  const adarsh = await a.login(1);
  const meera = await b.login(2);
  expect((await a.call('post /posts/like/:postId', { postId: 'p11-chess' }, {}, adarsh)).status).toBe(201);
  expect(
    (await b.call('post /comments/add/:postId', { postId: 'p11-chess' }, { commentData: { content: 'From tab B' } }, meera)).status,
  ).toBe(201);

  // b wrote after a, so it re-read a's like in its write; a new instance loads both.
  for (const tab of [b, await openTab()]) {
    const post = await tab.post('p11-chess');
    expect(post.likes.likedBy.map((u) => u._id)).toContain('u1-adarsh');
    expect(post.comments.map((c) => c.content)).toContain('From tab B');
  }
});

test("a read in one instance shows another's write at once (two tabs on the in-page fallback)", async () => {
  const a = await openTab();
  const b = await openTab();
  const before = (await b.post('p11-chess')).comments.length;
  const adarsh = await a.login(1);
  expect(
    (await a.call('post /comments/add/:postId', { postId: 'p11-chess' }, { commentData: { content: 'Seen in B' } }, adarsh)).status,
  ).toBe(201);
  const post = await b.post('p11-chess');
  expect(post.comments).toHaveLength(before + 1);
  expect(post.comments.map((c) => c.content)).toContain('Seen in B');
});

test('a member who signed up in one instance is kept after another writes, and can log in in a later one', async () => {
  const a = await openTab();
  const b = await openTab();
  const signup = await a.call<{ encodedToken: string }>(
    'post /auth/signup',
    {},
    { username: 'tabs@x.dev', password: 'tabspass1', firstName: 'Tab', lastName: 'Member' },
  );
  expect(signup.status).toBe(201);
  const meera = await b.login(2);
  await b.call('post /users/edit', {}, { userData: { bio: 'Edited in B' } }, meera);
  const c = await openTab();
  for (const tab of [b, c]) {
    expect((await tab.users()).map((u) => u.username)).toContain('tabs@x.dev');
    expect((await tab.call('post /auth/login', {}, { username: 'tabs@x.dev', password: 'tabspass1' })).status).toBe(200);
  }
  // The new member's token from tab A works in tab B.
  expect((await b.call('post /posts/like/:postId', { postId: 'p01-sunrise' }, {}, signup.body.encodedToken)).status).toBe(201);
  // Lists keep one order in every instance.
  expect(await b.users()).toEqual(await c.users());
});

test('writes fired at the same time from two instances are all kept', async () => {
  const a = await openTab();
  const b = await openTab();
  const adarsh = await a.login(1);
  const meera = await b.login(2);
  const target = (await a.users()).find(
    (u) => !['u1-adarsh', 'u2-meera'].includes(u._id) && !u.followers.some((f) => ['u1-adarsh', 'u2-meera'].includes(f._id)),
  )!;
  const writes = [];
  for (let i = 0; i < 15; i += 1) {
    writes.push(a.call('post /comments/add/:postId', { postId: 'p04-hike' }, { commentData: { content: `A${i}` } }, adarsh));
    writes.push(b.call('post /comments/add/:postId', { postId: 'p04-hike' }, { commentData: { content: `B${i}` } }, meera));
  }
  writes.push(a.call('post /users/follow/:followUserId', { followUserId: target._id }, {}, adarsh));
  writes.push(b.call('post /users/follow/:followUserId', { followUserId: target._id }, {}, meera));
  const results = await Promise.all(writes);
  expect(results.filter((w) => w.status >= 300)).toEqual([]);
  const fresh = await openTab();
  const contents = (await fresh.post('p04-hike')).comments.map((c) => c.content);
  for (let i = 0; i < 15; i += 1) expect(contents).toEqual(expect.arrayContaining([`A${i}`, `B${i}`]));
  const followed = (await fresh.users()).find((u) => u._id === target._id)!;
  expect(followed.followers.map((u) => u._id)).toEqual(expect.arrayContaining(['u1-adarsh', 'u2-meera']));
});

test('a logout in one instance revokes the token in the instances started after it', async () => {
  const a = await openTab();
  const token = await a.login(3);
  expect((await a.call('get /users/bookmark', {}, {}, token)).status).toBe(200);
  expect((await a.call('post /auth/logout', {}, {}, token)).status).toBe(200);
  const b = await openTab();
  expect((await b.call('get /users/bookmark', {}, {}, token)).status).toBe(401);
});
