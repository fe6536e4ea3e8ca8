/**
 * MirageJS + IndexedDB specific (fake-indexeddb stands in for the browser's): what the
 * in-browser backend keeps, how it moves earlier localStorage data, what one write stores,
 * and what a full storage does.
 */
import './support/fake-indexeddb';
import { openDB } from 'idb';
import { SERVER_ERRORS, STORAGE_KEYS, type Post } from '../src/contract';
import { IDB_NAME, makeServer, resetDatabase, SEED_POST_IDS, serverReady, STORAGE_FULL_STATUS, type Server } from '../src/server';
import { createSeedDb } from '../src/server/seed';
import { anonymous, expectError, raw, signIn } from './helpers';

let servers: Server[] = [];
const start = async (options: Parameters<typeof makeServer>[0] = {}) => {
  const server = makeServer({ environment: 'test', persist: true, ...options });
  servers.push(server);
  await serverReady(server);
  return server;
};
const stop = (server: Server) => {
  server.shutdown();
  servers = servers.filter((s) => s !== server);
};
afterEach(async () => {
  servers.forEach((s) => s.shutdown());
  servers = [];
  jest.restoreAllMocks();
  await resetDatabase();
});

interface StoredRecord<T> {
  _id: string;
  seq: number;
  data: T;
}
/** What IndexedDB holds, read with its own connection (as another tab would). */
async function stored() {
  if (!(await indexedDB.databases()).some((d) => d.name === IDB_NAME)) return null;
  const idb = await openDB(IDB_NAME);
  try {
    const names = [...idb.objectStoreNames];
    if (!names.includes('meta')) return null;
    const [meta, users, posts] = await Promise.all([idb.get('meta', 'meta'), idb.getAll('users'), idb.getAll('posts')]);
    return {
      meta: meta as { revision: number; nextId: number },
      users: users as StoredRecord<{ _id: string; bio: string }>[],
      posts: posts as StoredRecord<{ _id: string; content: string; likedBy: string[] }>[],
    };
  } finally {
    idb.close();
  }
}
const postIds = async () => (await anonymous().posts.all()).posts.map((p: Post) => p._id);

describe('storage', () => {
  it('stores the seed in IndexedDB at start, one record per member and post; off in test mode by default', async () => {
    const memoryOnly = makeServer({ environment: 'test' });
    await serverReady(memoryOnly);
    expect(await stored()).toBeNull();
    memoryOnly.shutdown();
    await start();
    const data = await stored();
    expect(data!.users).toHaveLength(8);
    expect(data!.posts.map((p) => p._id).sort()).toEqual([...SEED_POST_IDS].sort());
    expect(window.localStorage.getItem(STORAGE_KEYS.database)).toBeNull();
  });

  it('a change survives a restart (a page reload), lists keep their order and the token still works', async () => {
    const first = await start();
    const { api } = await signIn(1);
    await api.posts.create({ content: 'Persist me 💾', pic: '', userId: 'u1-adarsh' });
    await api.users.edit({ bio: 'Saved bio' });
    await anonymous().auth.signup({ username: 'kept@x.dev', password: 'keptpass1', firstName: 'Kept', lastName: 'Member' });
    const before = { posts: (await anonymous().posts.all()).posts, users: (await anonymous().users.all()).users };
    stop(first);
    await start();
    expect((await anonymous().posts.all()).posts).toEqual(before.posts);
    expect((await anonymous().users.all()).users).toEqual(before.users);
    await api.posts.like('p11-chess');
    await anonymous().auth.login({ username: 'kept@x.dev', password: 'keptpass1' });
  });

  it('a write stores only the records it changed', async () => {
    await start({ extraPosts: 500 });
    const { api } = await signIn(1);
    const puts: string[] = [];
    const put = IDBObjectStore.prototype.put;
    jest.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      puts.push(
        `${this.name}:${(value as { _id?: string; key?: string; revision?: number })._id ?? (value as { key?: string }).key ?? 'change'}`,
      );
      return put.call(this, value, key);
    });
    // The post, and its author's record: the like's notification lives there.
    await api.posts.like('p11-chess');
    expect(puts.sort()).toEqual(['changes:change', 'meta:meta', 'posts:p11-chess', 'users:u3-kabir']);
    puts.length = 0;
    await api.users.follow('u5-rohan');
    expect(puts.sort()).toEqual(['changes:change', 'meta:meta', 'users:u1-adarsh', 'users:u5-rohan']);
    const data = await stored();
    expect(data!.posts.find((p) => p._id === 'p11-chess')!.data.likedBy).toContain('u1-adarsh');
  });

  it('a refused write (4xx) stores nothing and changes nothing', async () => {
    await start();
    const { api } = await signIn(2);
    const revision = (await stored())!.meta.revision;
    await expectError(api.posts.edit('p01-sunrise', { content: 'not mine', pic: '' }), 403, SERVER_ERRORS.editNotOwner);
    expect((await stored())!.meta.revision).toBe(revision);
  });

  it('resetDatabase() goes back to the seed, in memory and in storage', async () => {
    await start();
    const { api } = await signIn(1);
    await api.posts.remove('p02-css');
    expect(await postIds()).not.toContain('p02-css');
    await resetDatabase();
    expect(await postIds()).toContain('p02-css');
    expect((await stored())!.posts.map((p) => p._id)).toContain('p02-css');
  });

  it('the reset option ignores stored data', async () => {
    const first = await start();
    const { api } = await signIn(1);
    await api.posts.remove('p02-css');
    stop(first);
    await start({ reset: true });
    expect(await postIds()).toContain('p02-css');
  });
});

describe('moving data from localStorage', () => {
  it('moves the localStorage database into IndexedDB once and removes it from localStorage', async () => {
    const db = createSeedDb();
    db.posts = db.posts.filter((p) => p._id !== 'p02-css');
    db.users[0]!.bio = 'From localStorage';
    delete (db as Partial<typeof db>).revoked; // data from before logout existed
    window.localStorage.setItem(STORAGE_KEYS.database, JSON.stringify(db));
    const first = await start();
    expect(window.localStorage.getItem(STORAGE_KEYS.database)).toBeNull();
    expect(await postIds()).not.toContain('p02-css');
    expect((await anonymous().users.byId('u1-adarsh')).user.bio).toBe('From localStorage');
    const { api } = await signIn(1);
    await api.auth.logout();
    stop(first);
    // A later start reads IndexedDB, even if an old blob turns up again.
    window.localStorage.setItem(STORAGE_KEYS.database, JSON.stringify(createSeedDb()));
    await start();
    expect(await postIds()).not.toContain('p02-css');
  });

  it('unreadable localStorage data falls back to the seed', async () => {
    window.localStorage.setItem(STORAGE_KEYS.database, '{not json');
    await start();
    expect((await postIds()).sort()).toEqual([...SEED_POST_IDS].sort());
  });
});

describe('storage refusing space', () => {
  const refuse = () =>
    jest.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

  it('answers 507 storageFull, writes nothing, puts the change back, keeps the login, and works again once there is room', async () => {
    await start();
    const { api, token } = await signIn(1);
    await api.users.edit({ bio: 'Before the quota' });
    const before = await stored();
    const put = refuse();
    await expectError(
      api.posts.create({ content: 'Too much', pic: '', userId: 'u1-adarsh' }),
      STORAGE_FULL_STATUS,
      SERVER_ERRORS.storageFull,
    );
    await expectError(api.users.edit({ bio: 'After the quota' }), STORAGE_FULL_STATUS, SERVER_ERRORS.storageFull);
    await expectError(api.users.follow('u5-rohan'), STORAGE_FULL_STATUS, SERVER_ERRORS.storageFull);
    expect(put).toHaveBeenCalled();
    // In memory: put back.
    expect((await anonymous().posts.all()).posts.some((p) => p.content === 'Too much')).toBe(false);
    expect((await anonymous().users.byId('u1-adarsh')).user.bio).toBe('Before the quota');
    expect((await anonymous().users.byId('u1-adarsh')).user.following.map((u) => u._id)).not.toContain('u5-rohan');
    // In storage: untouched.
    put.mockRestore();
    expect(await stored()).toEqual(before);
    // The session is untouched: the same token works, and logging in still works.
    await anonymous().auth.login({ username: 'adarsh@socialmfe.dev', password: 'adarsh123' });
    await api.posts.create({ content: 'Fits now', pic: '', userId: 'u1-adarsh' });
    expect((await stored())!.posts.some((p) => p.data.content === 'Fits now')).toBe(true);
    expect((await raw('GET', '/users/bookmark', { headers: { authorization: token } })).status).toBe(200);
  });
});

describe('unexpected failures', () => {
  it('become a 500 with an errors list, and a failed write stores nothing', async () => {
    const db = createSeedDb();
    // Corrupt data no request could produce: rendering a post then throws.
    (db.posts[0] as unknown as { likedBy: null }).likedBy = null;
    window.localStorage.setItem(STORAGE_KEYS.database, JSON.stringify(db));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await start();
    const res = await raw('GET', '/posts');
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ errors: [expect.stringMatching(/^Unexpected server error/)] });
    const revision = (await stored())!.meta.revision;
    const { token } = await signIn(2);
    const write = await raw('POST', '/posts', {
      headers: { authorization: token },
      body: JSON.stringify({ postData: { content: 'lost', pic: '' } }),
    });
    expect(write.status).toBe(500);
    expect((await stored())!.posts).toHaveLength(db.posts.length);
    expect((await stored())!.meta.revision).toBe(revision);
    // The server still answers other calls.
    expect((await anonymous().users.all()).users).toHaveLength(8);
    expect(error).toHaveBeenCalled();
  });
});
