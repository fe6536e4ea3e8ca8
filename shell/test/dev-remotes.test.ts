/**
 * A remote's dev page gets the other remotes from its own dev server (tools/dev-remotes.js,
 * read by shell/src/dev-host): the ones it consumes with the page, the others on demand when a
 * link opens a page they own; each one's production build by default, or REMOTE_<NAME>.
 */
import { defaultRemotes } from '@social/shell/federation';
import { describeDevRemote, devRemotesConfig } from '@social/shell/dev-host';

interface Middleware {
  middleware: (req: { url: string }, res: FakeResponse, next: () => void) => void;
}
interface FakeResponse {
  status?: number;
  body?: string;
  writeHead: (status: number) => void;
  end: (body: string) => void;
}
const devRemotes = jest.requireActual<{
  devRemotesMiddleware: (folder: string) => (middlewares: Middleware[]) => Middleware[];
  consumedBy: (folder: string) => { name: string; folder: string; override: string | null }[];
  servedBy: (folder: string) => { name: string; folder: string; override: string | null; onDemand?: boolean }[];
}>('../../tools/dev-remotes');

function request(folder: string, url: string): Promise<FakeResponse | 'next'> {
  const [middleware] = devRemotes.devRemotesMiddleware(folder)([]);
  return new Promise((resolve) => {
    const res: FakeResponse = {
      writeHead: (status) => (res.status = status),
      end: (body) => {
        res.body = String(body);
        resolve(res);
      },
    };
    middleware!.middleware({ url }, res, () => resolve('next'));
  });
}

afterEach(() => {
  delete process.env.REMOTE_POST;
});

test('feed and profile consume the post remote; the others consume none', () => {
  expect(devRemotes.consumedBy('feed-mfe')).toEqual([{ name: 'post', folder: 'post-mfe', override: null }]);
  expect(devRemotes.consumedBy('profile-mfe')).toEqual([{ name: 'post', folder: 'post-mfe', override: null }]);
  expect(devRemotes.consumedBy('post-mfe')).toEqual([]);
});

test("a remote's dev server serves every other remote, the ones it does not consume on demand; the shell's serves none", () => {
  expect(devRemotes.servedBy('feed-mfe').map((r) => [r.name, r.onDemand ?? false])).toEqual([
    ['post', false],
    ['auth', true],
    ['profile', true],
    ['mockman', true],
    ['notifications', true],
  ]);
  expect(devRemotes.servedBy('post-mfe').map((r) => r.name)).toEqual(['auth', 'feed', 'profile', 'mockman', 'notifications']);
  expect(devRemotes.devRemotesMiddleware('shell')([])).toEqual([]);
});

test("by default the dev server serves the post remote's production build under /__remotes/post/", async () => {
  const res = await request('feed-mfe', '/__dev-remotes.json');
  expect(res).toMatchObject({ status: 200 });
  const answer = JSON.parse((res as FakeResponse).body!);
  expect(answer.post).toMatchObject({
    url: '/__remotes/post/mf-manifest.json',
    source: 'production build of post-mfe (post-mfe/dist)',
    version: '1.0.0',
  });
  expect(answer.post.onDemand).toBeUndefined();
  // A card's author link opens profile's page: its build is served too, loaded only then.
  expect(answer.profile).toMatchObject({
    url: '/__remotes/profile/mf-manifest.json',
    source: 'production build of profile-mfe (profile-mfe/dist)',
    onDemand: true,
  });
});

test('REMOTE_POST points the page at another address (e.g. post’s own dev server)', async () => {
  process.env.REMOTE_POST = 'http://localhost:3003/mf-manifest.json';
  const res = (await request('feed-mfe', '/__dev-remotes.json')) as FakeResponse;
  expect(JSON.parse(res.body!).post).toEqual({ url: 'http://localhost:3003/mf-manifest.json', source: 'REMOTE_POST' });
});

test('a path that climbs out of the build is refused; other paths go on to the page', async () => {
  expect(await request('feed-mfe', '/__remotes/post/..%2f..%2fpackage.json')).toMatchObject({ status: 400 });
  expect(await request('feed-mfe', '/__remotes/feed/remoteEntry.js')).toBe('next');
  expect(await request('feed-mfe', '/__remotes/nobody/remoteEntry.js')).toBe('next');
  expect(await request('feed-mfe', '/explore')).toBe('next');
});

test('the dev page uses the served addresses over the defaults and says which build it uses', () => {
  const config = devRemotesConfig({
    post: {
      url: '/__remotes/post/mf-manifest.json',
      source: 'production build of post-mfe (post-mfe/dist)',
      version: '1.0.0',
      builtAt: null,
    },
  });
  expect(config).toEqual({ ...defaultRemotes(), post: new URL('/__remotes/post/mf-manifest.json', window.location.href).href });
  expect(
    describeDevRemote('post', { url: 'x', source: 'production build of post-mfe (post-mfe/dist)', version: '1.0.0', builtAt: null }),
  ).toBe('post: production build of post-mfe (post-mfe/dist), version 1.0.0, building on first use');
  expect(describeDevRemote('post', { url: 'x', source: 'REMOTE_POST' })).toBe('post: REMOTE_POST');
});
