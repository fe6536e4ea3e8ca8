/**
 * A 401 from the backend (a token that is forged, expired or revoked) signs the member out
 * everywhere with a message: the bus (shell/src/bus/index.ts) drops the session and its stored
 * copy, tells the member, and the guards send them to the login page.
 */
import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { STORAGE_KEYS, SERVER_ERRORS } from '@social/mock-api/contract';
import { ApiError, api, auth$, setAuth } from '@social/shell/bus';
import { ROUTES, pathTo } from '@social/shell/routes';
import { RequireAuth } from '../src/app/RouteGuards';
import { setUpTestBackend } from '../../tools/jest/backend-kit';

const ctx = setUpTestBackend({ signIn: true });

function renderProtectedPage() {
  render(
    <MemoryRouter initialEntries={[pathTo('profile', { userHandler: 'meeranair' })]}>
      <Routes>
        <Route
          path={ROUTES.profile}
          element={
            <RequireAuth>
              <h1>Meera&apos;s profile</h1>
            </RequireAuth>
          }
        />
        <Route path={ROUTES.login} element={<h1>Log In</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

test('a call answered 401 signs the member out, clears the stored session, says why and shows the login page', async () => {
  renderProtectedPage();
  expect(screen.getByRole('heading', { name: "Meera's profile" })).toBeInTheDocument();
  // The stored token no longer verifies (as after expiry or a logout elsewhere).
  act(() => setAuth({ token: `${auth$.value!.token}tampered`, user: auth$.value!.user }));
  expect(window.localStorage.getItem(STORAGE_KEYS.loginItems)).not.toBeNull();

  let refused: unknown;
  await act(async () => {
    refused = await api.users.bookmark('p01-sunrise').catch((error: unknown) => error);
  });

  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(401);
  expect((refused as ApiError).message).toBe(SERVER_ERRORS.badToken);
  expect(auth$.value).toBeNull();
  expect(window.localStorage.getItem(STORAGE_KEYS.loginItems)).toBeNull();
  expect(ctx.toasts).toEqual([{ toastType: 'error', message: 'Your session has expired. Please log in again.' }]);
  expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
});

test('a 401 while signed out (a wrong password) is only an answer: no sign-out message', async () => {
  act(() => auth$.next(null));
  await expect(api.auth.login({ username: 'adarsh@socialmfe.dev', password: 'wrong-password1' })).rejects.toMatchObject({ status: 401 });
  expect(ctx.toasts).toEqual([]);
});
