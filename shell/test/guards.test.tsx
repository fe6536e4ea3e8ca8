import React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { auth$, logout, setAuth } from '../src/bus';
import { PublicOnly, RequireAuth } from '../src/app/RouteGuards';
import { ada } from './fixtures';

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function LoginStub() {
  return (
    <button type="button" onClick={() => setAuth({ token: 't', user: ada })}>
      Log In
    </button>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/"
          element={
            <RequireAuth>
              <h1>Home</h1>
            </RequireAuth>
          }
        />
        <Route
          path="/profile/:handle"
          element={
            <RequireAuth>
              <h1>Profile</h1>
            </RequireAuth>
          }
        />
        <Route
          path="/login"
          element={
            <PublicOnly>
              <LoginStub />
            </PublicOnly>
          }
        />
        <Route
          path="/signup"
          element={
            <PublicOnly>
              <h1>Signup</h1>
            </PublicOnly>
          }
        />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

afterEach(() => act(() => logout()));

test('a protected page without a token goes to /login, then back to where the member was going', async () => {
  renderAt('/profile/grace?tab=posts');
  expect(screen.getByLabelText('location')).toHaveTextContent('/login');
  expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));

  expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  expect(screen.getByLabelText('location')).toHaveTextContent('/profile/grace?tab=posts');
});

test('logging out on a protected page remembers nothing: the next member lands on the home feed', async () => {
  act(() => setAuth({ token: 't', user: ada }));
  renderAt('/profile/ada');
  expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();

  act(() => logout());
  expect(screen.getByLabelText('location')).toHaveTextContent('/login');

  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(screen.getByLabelText('location')).toHaveTextContent(/^\/$/);
});

test('login and signup send a signed-in member to the home feed', () => {
  act(() => setAuth({ token: 't', user: ada }));
  const { unmount } = renderAt('/login');
  expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  unmount();
  renderAt('/signup');
  expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
});

test('the token and user are kept in one localStorage entry and removed on logout', () => {
  act(() => setAuth({ token: 'abc', user: ada }));
  expect(JSON.parse(window.localStorage.getItem('login-items')!)).toEqual({ token: 'abc', user: ada });
  act(() => logout());
  expect(window.localStorage.getItem('login-items')).toBeNull();
  expect(auth$.value).toBeNull();
});
