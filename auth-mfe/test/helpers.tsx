import React from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ROUTES, pathTo } from '@social/shell/routes';
import { PublicOnly } from '@social/shell/dev-host';
import LoginPage from '../src/login/LoginPage';
import SignupPage from '../src/signup/SignupPage';
import { requestsTo, setUpTestBackend, type SeenToast } from '../../tools/jest/backend-kit';
export { requestsTo, type SeenToast };

/** Where the router is, shown for assertions on the shell guard's redirect. */
function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

/** The member was on their way to this page when the guard sent them to log in. */
export const REMEMBERED = { from: { pathname: pathTo('profile', { userHandler: 'kabir' }), search: '', hash: '' } };

/** The auth pages behind the shell's PublicOnly guard, as the shell mounts them. */
export function renderAuth(path: '/login' | '/signup', state: unknown = REMEMBERED) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route
          path={ROUTES.login}
          element={
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          }
        />
        <Route
          path={ROUTES.signup}
          element={
            <PublicOnly>
              <SignupPage />
            </PublicOnly>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The real fake backend in test mode, recording requests, plus the toasts the page raises. */
export const setupBackend = () => setUpTestBackend();
