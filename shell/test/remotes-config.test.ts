/**
 * Where the shell finds each remote (shell/src/federation/index.tsx): /remotes.json beside the
 * page, with every remote it does not name well falling back to http://<same host>:<port>/mf-manifest.json.
 */
import { REMOTE_NAMES, defaultRemotes, loadRemotesConfig, remoteEntryUrl } from '@social/shell/federation';

const page = new URL(window.location.href);
const fallback = (port: number) => `${page.protocol}//${page.hostname}:${port}/mf-manifest.json`;
const DEFAULTS = {
  auth: fallback(3001),
  feed: fallback(3002),
  post: fallback(3003),
  profile: fallback(3004),
  mockman: fallback(3005),
  notifications: fallback(3006),
};

/** What the page's server answers for the config file (jsdom has no fetch of its own). */
type Answer = { ok: boolean; text: () => Promise<string> };
const json = (data: unknown): Answer => ({ ok: true, text: async () => JSON.stringify(data) });
const original = window.fetch;
function serveConfig(answer: () => Promise<Answer>) {
  const fetch = jest.fn(answer);
  window.fetch = fetch as unknown as typeof window.fetch;
  return fetch;
}
afterEach(() => {
  window.fetch = original;
});

test('the defaults are each remote on its own port of the page host', () => {
  expect(defaultRemotes()).toEqual(DEFAULTS);
  expect(Object.keys(defaultRemotes())).toEqual([...REMOTE_NAMES]);
  expect(defaultRemotes('orbit.example', 'https:').feed).toBe('https://orbit.example:3002/mf-manifest.json');
});

test('the config is read without the HTTP cache, and every remote it names is used', async () => {
  const fetch = serveConfig(async () =>
    json({
      auth: 'https://cdn.example.com/auth/1/mf-manifest.json',
      feed: 'https://cdn.example.com/feed/7/mf-manifest.json',
      post: 'https://cdn.example.com/post/3/mf-manifest.json',
      profile: 'https://cdn.example.com/profile/2/mf-manifest.json',
      mockman: 'https://cdn.example.com/mockman/1/mf-manifest.json',
    }),
  );
  const config = await loadRemotesConfig('/remotes.json');
  expect(fetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
  expect(config.feed).toBe('https://cdn.example.com/feed/7/mf-manifest.json');
  expect(config.mockman).toBe('https://cdn.example.com/mockman/1/mf-manifest.json');
});

test('a remote the config leaves out, or names with something that is not an http(s) address, keeps its default', async () => {
  serveConfig(async () =>
    json({
      feed: 'https://cdn.example.com/feed/7/mf-manifest.json',
      post: 'javascript:alert(1)',
      profile: 42,
      mockman: '',
      surprise: 'https://cdn.example.com/x.json',
    }),
  );
  expect(await loadRemotesConfig()).toEqual({ ...DEFAULTS, feed: 'https://cdn.example.com/feed/7/mf-manifest.json' });
});

test('a relative address is taken relative to the page', async () => {
  serveConfig(async () => json({ post: '/remotes/post/mf-manifest.json' }));
  expect((await loadRemotesConfig()).post).toBe(new URL('/remotes/post/mf-manifest.json', page).href);
});

test.each([
  [
    'missing (404)',
    async () => ({ ok: false, text: async () => JSON.stringify({ feed: 'https://cdn.example.com/feed/mf-manifest.json' }) }),
  ],
  ['not JSON', async () => ({ ok: true, text: async () => '<!doctype html><title>Not the config</title>' })],
  ['JSON but not an object', async () => json(['https://cdn.example.com/feed/mf-manifest.json'])],
  ['unreachable', async (): Promise<Answer> => Promise.reject(new TypeError('Failed to fetch'))],
])('a config that is %s leaves every remote at its default', async (_, answer) => {
  serveConfig(answer);
  expect(await loadRemotesConfig()).toEqual(DEFAULTS);
});

test('the runtime loads the entry that sits beside the manifest a config names; an entry named directly is kept', () => {
  expect(remoteEntryUrl('https://cdn.example.com/feed/7/mf-manifest.json')).toBe('https://cdn.example.com/feed/7/remoteEntry.js');
  expect(remoteEntryUrl('https://cdn.example.com/feed/7/mf-manifest.json?v=2')).toBe('https://cdn.example.com/feed/7/remoteEntry.js?v=2');
  expect(remoteEntryUrl('http://localhost:3003/remoteEntry.js')).toBe('http://localhost:3003/remoteEntry.js');
  // Only a file named mf-manifest.json is a manifest, not a folder that happens to be called so.
  expect(remoteEntryUrl('https://cdn.example.com/mf-manifest.json/remoteEntry.js')).toBe(
    'https://cdn.example.com/mf-manifest.json/remoteEntry.js',
  );
});
