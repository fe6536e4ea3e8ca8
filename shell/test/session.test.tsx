/** Sessions from the member's side: logout revokes the token on the server; a refused token signs out and says why. */
import React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createApiClient, ApiError } from '@social/mock-api/client';
import { SERVER_ERRORS, STORAGE_KEYS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { setUpTestBackend } from '../../tools/jest/backend-kit';
import { api, auth$, logout, SESSION_ENDED_MESSAGE, setAuth, whenLogoutSent } from '../src/bus';
import { RequireAuth } from '../src/app/RouteGuards';

const ctx = setUpTestBackend({ signIn: true });

const clientWith = (token: string) => createApiClient({ getToken: () => token });

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

test('logout signs out at once, clears the stored login and revokes the token on the server', async () => {
  const token = auth$.value!.token;
  act(() => logout());
  expect(auth$.value).toBeNull();
  expect(window.localStorage.getItem(STORAGE_KEYS.loginItems)).toBeNull();
  // The revocation is a request in flight: wait for the server to refuse the token.
  await waitFor(async () => {
    const error = await refusal(clientWith(token).users.bookmarks());
    expect([error.status, error.errors]).toEqual([401, [SERVER_ERRORS.badToken]]);
  });
});

test('logout still signs out when the server fails to revoke', async () => {
  // Mirage takes a status code as the third argument; its type file leaves that out.
  const route = ctx.server.post.bind(ctx.server) as unknown as (path: string, handler: () => unknown, code: number) => void;
  route('/v2/auth/logout', () => ({ errors: ['down'] }), 500);
  act(() => logout());
  expect(auth$.value).toBeNull();
  await whenLogoutSent();
  expect(auth$.value).toBeNull();
  expect(ctx.toasts).toEqual([]);
});

test('a refused token on a protected call signs out, says why and the guard sends the member to /login', async () => {
  const token = auth$.value!.token;
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="/"
          element={
            <RequireAuth>
              <h1>Home</h1>
            </RequireAuth>
          }
        />
        <Route path="/login" element={<h1>Log in page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  // Revoked elsewhere (another tab logged out with the same token).
  await clientWith(token).auth.logout();
  const error = await act(() => refusal(api.users.bookmarks()));
  expect(error.status).toBe(401);
  expect(await screen.findByRole('heading', { name: 'Log in page' })).toBeInTheDocument();
  expect(auth$.value).toBeNull();
  expect(ctx.toasts).toContainEqual({ toastType: 'error', message: SESSION_ENDED_MESSAGE });
});

test('a wrong password (401 while signed out) shows no session message', async () => {
  act(() => logout());
  await refusal(api.auth.login({ username: TEST_CREDENTIALS[0]!.username, password: 'wrong-pass1' }));
  expect(ctx.toasts).not.toContainEqual(expect.objectContaining({ message: SESSION_ENDED_MESSAGE }));
});

test('another tab logging out signs this page out; another tab logging in signs it in', async () => {
  const state = auth$.value!;
  window.localStorage.removeItem(STORAGE_KEYS.loginItems);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.loginItems, newValue: null }));
  });
  expect(auth$.value).toBeNull();
  window.localStorage.setItem(STORAGE_KEYS.loginItems, JSON.stringify(state));
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.loginItems, newValue: JSON.stringify(state) }));
  });
  expect(auth$.value).toEqual(state);
  act(() => setAuth(state));
});
