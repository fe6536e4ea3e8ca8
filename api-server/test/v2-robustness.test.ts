/**
 * Issue 28 on /api/v2, the API the apps use: pictures nobody shows any more are no longer
 * served, bad query strings and cursors get a clear 400, retried creations replay, and a
 * failed read does not speak of a change (v1's side: robustness.test.ts).
 */
import { resetToSeed } from '../src/seed';
import type { RunningServer } from '../src/server';
import { login, startTestServer } from './kit';

jest.setTimeout(60_000);

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());
beforeEach(() => resetToSeed(server.database.db));

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

  it('stops serving a post picture an edit replaces or removes, and keeps one the edit sends back', async () => {
    const { api } = await login(server, 2);
    const { post } = await api.v2.posts.create({ content: 'Changing picture', pic: PNG, picAlt: 'A dot' });
    // The editor sends the picture's URL back to keep it: still served, description kept.
    const kept = (await api.v2.posts.edit(post._id, { content: 'Text only changed', pic: post.pic })).post;
    expect([kept.pic, kept.picAlt, await served(post.pic)]).toEqual([post.pic, 'A dot', 200]);
    const replaced = (await api.v2.posts.edit(post._id, { content: 'New picture', pic: GIF })).post;
    expect(replaced.pic).not.toBe(post.pic);
    expect([await served(post.pic), await served(replaced.pic)]).toEqual([404, 200]);
    const removed = (await api.v2.posts.edit(post._id, { content: 'No picture', pic: '' })).post;
    expect([removed.pic, await served(replaced.pic)]).toEqual(['', 404]);
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
