/** The route table (shell/src/routes): every path is built and parsed by it, round trip included. */
import React from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ROUTES, matchPath, parsePath, pathTo, searchPath, useRouteParams } from '@social/shell/routes';

test('the table lists every page of the product once', () => {
  expect(ROUTES).toEqual({
    home: '/',
    explore: '/explore',
    profile: '/profile/:userHandler',
    post: '/post/:postId',
    settings: '/settings',
    moderation: '/moderation',
    tag: '/tag/:tag',
    search: '/search',
    notifications: '/notifications',
    login: '/login',
    signup: '/signup',
    mockman: '/mockman',
  });
});

test.each([
  ['home', undefined, '/'],
  ['explore', undefined, '/explore'],
  ['login', undefined, '/login'],
  ['signup', undefined, '/signup'],
  ['mockman', undefined, '/mockman'],
  ['settings', undefined, '/settings'],
  ['moderation', undefined, '/moderation'],
  ['profile', { userHandler: 'adarshbalika' }, '/profile/adarshbalika'],
  ['post', { postId: 'p01-sunrise' }, '/post/p01-sunrise'],
  ['tag', { tag: 'café' }, '/tag/caf%C3%A9'],
  ['search', undefined, '/search'],
] as const)('%s builds %s and parses back', (name, params, path) => {
  const built = (pathTo as (n: string, p?: object) => string)(name, params);
  expect(built).toBe(path);
  expect(parsePath(built)).toEqual({ name, params: params ?? {} });
});

test("post search's address carries the query, percent-encoded", () => {
  expect(searchPath('café & #tea')).toBe('/search?q=caf%C3%A9%20%26%20%23tea');
});

test('parameters are percent-encoded when built and decoded when parsed', () => {
  const path = pathTo('profile', { userHandler: 'a b/c?d#é' });
  expect(path).toBe('/profile/a%20b%2Fc%3Fd%23%C3%A9');
  expect(parsePath(path)).toEqual({ name: 'profile', params: { userHandler: 'a b/c?d#é' } });
});

test('an empty parameter is refused where the link is built, not turned into a dead link', () => {
  expect(() => pathTo('post', { postId: '' })).toThrow("pathTo('post') needs a non-empty postId.");
});

test.each(['/profile', '/profile/', '/profile/a/b', '/post/%E0%A4%A', '/nowhere', '/explore/more'])('%s is no route', (path) => {
  expect(parsePath(path)).toBeNull();
});

test('a trailing slash names the same page', () => {
  expect(parsePath('/explore/')).toEqual({ name: 'explore', params: {} });
  expect(matchPath('post', '/post/p1/')).toEqual({ postId: 'p1' });
});

function PostIdShown() {
  const { postId } = useRouteParams('post');
  return <p>Post {postId}</p>;
}

test('a page reads its parameters, decoded, through the table', () => {
  render(
    <MemoryRouter initialEntries={[pathTo('post', { postId: 'a b' })]}>
      <Routes>
        <Route path={ROUTES.post} element={<PostIdShown />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByText('Post a b')).toBeInTheDocument();
});

test('a page mounted on another route says so instead of reading an empty parameter', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() =>
    render(
      <MemoryRouter initialEntries={['/explore']}>
        <PostIdShown />
      </MemoryRouter>,
    ),
  ).toThrow('This page reads the post route (/post/:postId) but is shown at /explore.');
});
