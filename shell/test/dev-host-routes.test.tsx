/**
 * A remote's dev page (shell/src/dev-host) opens every page of the product, as the shell does:
 * its own routes first, then each other remote's page under a line naming its owner, so a card's
 * author or comments link on feed-mfe's page is no longer a blank page ("No routes matched").
 */
import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { devRoutes, otherPages, routePaths, type DevRemotes } from '@social/shell/dev-host';
import { ROUTES } from '@social/shell/routes';
import { logout, setAuth } from '../src/bus';
import { ada } from './fixtures';

// feed-mfe's dev page (feed-mfe/src/bootstrap.tsx), with what its dev server reports.
const feedRoutes = (
  <>
    <Route path={ROUTES.home} element={<p>feed home</p>} />
    <Route path={ROUTES.explore} element={<p>feed explore</p>} />
  </>
);
const served: DevRemotes = {
  post: {
    url: '/__remotes/post/mf-manifest.json',
    source: 'production build of post-mfe (post-mfe/dist)',
    version: '1.0.0',
    builtAt: null,
  },
  profile: {
    url: '/__remotes/profile/mf-manifest.json',
    source: 'production build of profile-mfe (profile-mfe/dist)',
    version: '1.0.0',
    builtAt: null,
    onDemand: true,
  },
};

// The dev page signs test user 1 in; the product's guards apply to other remotes' pages as in the shell.
beforeEach(() => setAuth({ token: 't', user: ada }));
afterEach(() => logout());

function renderAt(path: string, routes = feedRoutes) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>{devRoutes(routes, served)}</Routes>
    </MemoryRouter>,
  );
}

test('the pages a remote leaves out are the ones whose path it does not route itself', () => {
  expect(routePaths(feedRoutes)).toEqual(['/', '/explore']);
  expect(otherPages(routePaths(feedRoutes))).toEqual([
    'profile',
    'post',
    'settings',
    'moderation',
    'tag',
    'search',
    'notifications',
    'login',
    'signup',
    'mockman',
  ]);
  // mockman's page answers every path: its dev page keeps "/" for itself.
  expect(otherPages(['*'])).toEqual([
    'explore',
    'profile',
    'post',
    'settings',
    'moderation',
    'tag',
    'search',
    'notifications',
    'login',
    'signup',
    'mockman',
  ]);
});

test("the remote's own routes keep their pages", () => {
  renderAt('/explore');
  expect(screen.getByText('feed explore')).toBeInTheDocument();
  expect(screen.queryByText(/This page belongs to/)).not.toBeInTheDocument();
});

test.each([
  ['/profile/meeranair', 'profile', 'production build of profile-mfe (profile-mfe/dist)'],
  ['/post/p01-sunrise', 'post', 'production build of post-mfe (post-mfe/dist)'],
])("a link to %s opens the %s remote's page from the build the dev server serves", (path, owner, source) => {
  renderAt(path);
  expect(
    screen.getByText(`This page belongs to the ${owner} remote (${owner}-mfe), loaded from ${source}.`, { exact: false }),
  ).toBeInTheDocument();
  expect(screen.getByText(`npm start -w ${owner}-mfe`)).toBeInTheDocument();
});

test('signed out, another remote’s protected page goes to the login page, as in the shell', () => {
  logout();
  renderAt('/profile/meeranair');
  expect(screen.getByText('This page belongs to the auth remote (auth-mfe), loaded from', { exact: false })).toBeInTheDocument();
});

test('an address no page of the product has says so instead of a blank page', () => {
  renderAt('/no/such/page');
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
});

describe('a page whose remote the dev server is still building', () => {
  // notifications-mfe's dev page: its "/" is the feed's page, and feed-mfe/dist is missing.
  const notificationsRoutes = <Route path={ROUTES.notifications} element={<p>notifications page</p>} />;
  const toBuild: DevRemotes = {
    feed: {
      url: '/__remotes/feed/mf-manifest.json',
      source: 'production build of feed-mfe (feed-mfe/dist)',
      version: '1.0.0',
      builtAt: null,
      onDemand: true,
    },
    mockman: {
      url: '/__remotes/mockman/mf-manifest.json',
      source: 'production build of mockman-mfe (mockman-mfe/dist)',
      version: '1.0.0',
      builtAt: null,
      onDemand: true,
    },
  };
  const realFetch = window.fetch;
  afterEach(() => {
    window.fetch = realFetch;
  });
  /** fetch() of the remote's manifest answers when the test says (the dev server answers once it has built the remote). */
  function pendingFetch() {
    let answer: (response: Response) => void = () => undefined;
    const fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    window.fetch = fetch as unknown as typeof window.fetch;
    return {
      fetch,
      answer: (status: number, body: string) => answer({ ok: status === 200, status, text: () => Promise.resolve(body) } as Response),
    };
  }
  const renderOn = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>{devRoutes(notificationsRoutes, toBuild)}</Routes>
      </MemoryRouter>,
    );

  test('says which build it waits for instead of staying blank, then loads the page', async () => {
    const server = pendingFetch();
    renderOn('/');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Building feed-mfe for this page');
    expect(status).toHaveTextContent('npm run build -w feed-mfe');
    expect(server.fetch).toHaveBeenCalledWith(`${window.location.origin}/__remotes/feed/mf-manifest.json`, { cache: 'no-cache' });
    server.answer(200, '{}');
    // Built: the page loads the build's runtime core, then the feed's page itself.
    await waitFor(() => expect(screen.queryByText('Building feed-mfe for this page')).not.toBeInTheDocument());
    // eslint-disable-next-line testing-library/no-node-access -- a <script> the page adds to <head>, outside what Testing Library queries
    expect(document.head.querySelector('script[src$="/__remotes/feed/federation-runtime-core.js"]')).not.toBeNull();
  });

  test('says why when the build failed', async () => {
    const server = pendingFetch();
    renderOn('/mockman');
    expect(await screen.findByText('Building mockman-mfe for this page')).toBeInTheDocument();
    server.answer(503, 'mockman-mfe could not be built: npm run build -w mockman-mfe exited with 1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('mockman-mfe could not be built: npm run build -w mockman-mfe exited with 1');
    expect(alert).toHaveTextContent("Its errors are in this dev server's terminal");
  });
});
