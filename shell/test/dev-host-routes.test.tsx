/**
 * A remote's dev page (shell/src/dev-host) opens every page of the product, as the shell does:
 * its own routes first, then each other remote's page under a line naming its owner, so a card's
 * author or comments link on feed-mfe's page is no longer a blank page ("No routes matched").
 */
import React from 'react';
import { render, screen } from '@testing-library/react';
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
