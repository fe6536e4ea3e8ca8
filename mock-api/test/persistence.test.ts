import { SERVER_ERRORS, STORAGE_KEYS, type Post } from '../src/contract';
import { makeServer, resetDatabase, SEED_POST_IDS, STORAGE_FULL_STATUS, type Server } from '../src/server';
import { anonymous, expectError, signIn } from './helpers';

let servers: Server[] = [];
const start = (options: Parameters<typeof makeServer>[0] = {}) => {
  const server = makeServer({ environment: 'test', persist: true, ...options });
  servers.push(server);
  return server;
};
afterEach(() => {
  servers.forEach((s) => s.shutdown());
  servers = [];
  jest.restoreAllMocks();
});

const stored = () => window.localStorage.getItem(STORAGE_KEYS.database);
const postIds = async () => (await anonymous().posts.all()).posts.map((p: Post) => p._id);

describe('persistence', () => {
  it('stores the seed at start and is off by default in test mode', () => {
    const server = makeServer({ environment: 'test' });
    expect(stored()).toBeNull();
    server.shutdown();
    start();
    expect(JSON.parse(stored()!)).toMatchObject({ version: 1, users: expect.any(Array), posts: expect.any(Array) });
  });

  it('a change survives a restart (a page reload)', async () => {
    const first = start();
    const { api } = await signIn(1);
    await api.posts.create({ content: 'Persist me 💾', pic: '', userId: 'u1-adarsh' });
    await api.users.edit({ bio: 'Saved bio' });
    first.shutdown();
    start();
    expect((await anonymous().posts.all()).posts.some((p) => p.content === 'Persist me 💾')).toBe(true);
    expect((await anonymous().users.byId('u1-adarsh')).user.bio).toBe('Saved bio');
    // The old token still works: same signing secret, same member id.
    await api.posts.like('p11-chess');
  });

  it('resetDatabase() goes back to the seed, in memory and in storage', async () => {
    start();
    const { api } = await signIn(1);
    await api.posts.remove('p02-css');
    expect(await postIds()).not.toContain('p02-css');
    resetDatabase();
    expect(await postIds()).toContain('p02-css');
    expect(JSON.parse(stored()!).posts.map((p: { _id: string }) => p._id)).toContain('p02-css');
  });

  it('the reset option ignores stored data', async () => {
    const first = start();
    const { api } = await signIn(1);
    await api.posts.remove('p02-css');
    first.shutdown();
    start({ reset: true });
    expect(await postIds()).toContain('p02-css');
  });

  it('unreadable stored data falls back to the seed', async () => {
    window.localStorage.setItem(STORAGE_KEYS.database, '{not json');
    start();
    expect((await postIds()).sort()).toEqual([...SEED_POST_IDS].sort());
  });

  it('a full storage answers 507 storageFull, rolls the change back and keeps what was stored', async () => {
    start();
    const { api } = await signIn(1);
    await api.users.edit({ bio: 'Before the quota' });
    const before = stored();
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expectError(api.posts.create({ content: 'Too much', pic: '', userId: 'u1-adarsh' }), STORAGE_FULL_STATUS, SERVER_ERRORS.storageFull);
    await expectError(api.users.edit({ bio: 'After the quota' }), STORAGE_FULL_STATUS, SERVER_ERRORS.storageFull);
    expect(setItem).toHaveBeenCalled();
    // In memory: rolled back.
    expect((await anonymous().posts.all()).posts.some((p) => p.content === 'Too much')).toBe(false);
    expect((await anonymous().users.byId('u1-adarsh')).user.bio).toBe('Before the quota');
    // In storage: untouched.
    expect(stored()).toBe(before);
    // Once there is room again, writes work.
    setItem.mockRestore();
    await api.posts.create({ content: 'Fits now', pic: '', userId: 'u1-adarsh' });
    expect(JSON.parse(stored()!).posts.some((p: { content: string }) => p.content === 'Fits now')).toBe(true);
  });
});
