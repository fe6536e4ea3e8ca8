/**
 * A 401 from the backend (a token that is forged, expired or revoked) signs the member out
 * everywhere with a message: the bus (shell/src/bus/index.ts) drops the session and its stored
 * copy, tells the member, and the guards send them to the login page.
 */
import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createApiClient } from '@social/mock-api/client';
import { STORAGE_KEYS, SERVER_ERRORS, TEST_CREDENTIALS } from '@social/mock-api/contract';
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

/** Holds the first request whose address contains `part` before the backend sees it, until released. */
function holdRequest(part: string) {
  const passThrough = window.fetch;
  let reached: () => void = () => undefined;
  let release: () => void = () => undefined;
  const whenReached = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const spy = jest.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    if (!held && String(input).includes(part)) {
      held = true;
      reached();
      await released;
    }
    return passThrough.call(window, input, init);
  });
  return { whenReached, release, restore: () => spy.mockRestore() };
}

const { password } = TEST_CREDENTIALS[0]!;
const newPassword = 'new-password42';

/** The password change, in this tab (the bus's session) or in another tab (its own client; the new session reaches this tab through storage). */
const passwordChanges: [string, (oldToken: string) => Promise<string>][] = [
  [
    'this tab',
    async () => {
      const { encodedToken } = await api.v2.me.changePassword({ currentPassword: password, newPassword });
      act(() => setAuth({ token: encodedToken, user: auth$.value!.user }));
      return encodedToken;
    },
  ],
  [
    'another tab',
    async (oldToken) => {
      const otherTab = createApiClient({ getToken: () => oldToken });
      const { encodedToken } = await otherTab.v2.me.changePassword({ currentPassword: password, newPassword });
      act(() => {
        window.localStorage.setItem(STORAGE_KEYS.loginItems, JSON.stringify({ token: encodedToken, user: auth$.value!.user }));
        window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.loginItems }));
      });
      return encodedToken;
    },
  ],
];

test.each(passwordChanges)(
  'a 401 for the token a password change (in %s) replaced keeps the new session: no sign-out, no message',
  async (_where, changePassword) => {
    renderProtectedPage();
    const oldToken = auth$.value!.token;
    const held = holdRequest('/users/bookmark/p01-sunrise');
    try {
      // Sent with the old token; the backend answers it only after the password change.
      const bookmark = api.users.bookmark('p01-sunrise').catch((error: unknown) => error);
      await held.whenReached;
      const newToken = await changePassword(oldToken);
      expect(auth$.value?.token).toBe(newToken);

      held.release();
      let refused: unknown;
      await act(async () => {
        refused = await bookmark;
      });

      expect((refused as ApiError).status).toBe(401);
      expect(auth$.value?.token).toBe(newToken);
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.loginItems) ?? 'null')).toMatchObject({ token: newToken });
      expect(ctx.toasts).toEqual([]);
      expect(screen.getByRole('heading', { name: "Meera's profile" })).toBeInTheDocument();
      // The new session works.
      await expect(api.v2.me.get()).resolves.toBeTruthy();
    } finally {
      held.release();
      held.restore();
    }
  },
);
